#!/bin/bash
# Arguments past those the system call takes (per its tracepoint format)
# are 0: arg0..arg5 of getppid:entry, arg3..arg5 of lseek:entry, and
# arg2..arg5 of a return probe, whatever the registers held.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$TESTDIR/progs/build.bash"
build_prog sysload
cat >"$tmp/s.d" <<'SEOF'
#pragma D option quiet

syscall::getppid:entry
/pid == $target/
{
	printf("getppid %x %x %x %x %x %x\n", arg0, arg1, arg2, arg3, arg4,
	    arg5);
}

syscall::lseek:entry
/pid == $target/
{
	printf("lseek %x %x %x %x %x %x\n", arg0, arg1, arg2, arg3, arg4,
	    arg5);
}

syscall::lseek:return
/pid == $target/
{
	printf("lseek return %x %x %x %x %x %x\n", arg0, arg1, arg2, arg3,
	    arg4, arg5);
}
SEOF
taskset -c 0 "$DTRACE" -s "$tmp/s.d" -c "$tmp/sysload 1" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] || { echo "exit status $rc"; cat "$tmp/err"; exit 1; }
cat >"$tmp/want" <<'WEOF'
getppid 0 0 0 0 0 0
lseek 2b 4d2 0 0 0 0
lseek return 4d2 4d2 0 0 0 0

WEOF
diff -u "$tmp/want" "$tmp/out" || exit 1
exit 0
