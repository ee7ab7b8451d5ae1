#!/bin/bash
# syscall return probes: arg0 and arg1 are both the return value; errno is
# the error number of a failed call (ENOENT = 2 for the openat of a missing
# file) and 0 after a successful call and in entry probes.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$TESTDIR/progs/build.bash"
build_prog sysload
cat >"$tmp/s.d" <<'SEOF'
#pragma D option quiet

syscall::getppid:return
/pid == $target/
{
	printf("getppid %d %d %d\n", arg0 == ppid, arg0 == arg1, errno);
}

syscall::write:return,
syscall::lseek:return,
syscall::dup2:return
/pid == $target/
{
	printf("%s %d %d %d\n", probefunc, arg0, arg1, errno);
}

syscall::openat:entry
/pid == $target/
{
	printf("openat entry errno %d\n", errno);
}

syscall::openat:return
/pid == $target/
{
	printf("openat %d %d %d %d\n", arg0 < 0 ? arg0 : 0, arg0 == arg1,
	    errno, args[0] == arg0);
}
SEOF
taskset -c 0 "$DTRACE" -s "$tmp/s.d" -c "$tmp/sysload 2" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] || { echo "exit status $rc"; cat "$tmp/err"; exit 1; }
cat >"$tmp/want" <<'WEOF'
getppid 1 1 0
getppid 1 1 0
openat entry errno 0
openat 0 1 0 1
dup2 42 42 0
write 7 7 0
openat entry errno 0
openat -2 1 2 1
openat entry errno 0
openat 0 1 0 1
dup2 43 43 0
lseek 1234 1234 0

WEOF
diff -u "$tmp/want" "$tmp/out" || exit 1
exit 0
