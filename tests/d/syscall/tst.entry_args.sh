#!/bin/bash
# syscall entry probes: arg0..argN are the system call's arguments and
# args[] has the types of the tracepoint format's fields (int, unsigned int,
# size_t, off_t, umode_t, pointers), as the workload made the calls.
# (argN is the raw 64-bit register: an int argument such as AT_FDCWD is only
# sign-extended through its typed args[N], so argN is not printed for it.)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$TESTDIR/progs/build.bash"
build_prog sysload
cat >"$tmp/s.d" <<'SEOF'
#pragma D option quiet

syscall::write:entry
/pid == $target/
{
	printf("write %d %d | %d %d | %d %d %d\n", arg0, arg2, args[0], args[2],
	    sizeof (args[0]), sizeof (args[1]), sizeof (args[2]));
}

syscall::openat:entry
/pid == $target/
{
	printf("openat %d %d | %d %d %d | %d %d %d %d\n", arg2, arg3,
	    args[0], args[2], args[3], sizeof (args[0]), sizeof (args[1]),
	    sizeof (args[2]), sizeof (args[3]));
}

syscall::lseek:entry
/pid == $target/
{
	printf("lseek %d %d %d | %d %d %d | %d %d %d\n", arg0, arg1, arg2,
	    args[0], args[1], args[2], sizeof (args[0]), sizeof (args[1]),
	    sizeof (args[2]));
}

syscall::statx:entry
/pid == $target/
{
	printf("statx %d %x | %d %d %x\n", arg2, arg3, args[0], args[2],
	    args[3]);
}

/* a negative int argument is sign-extended, an unsigned one is not */
syscall::openat:entry
/pid == $target && args[0] < 0/
{
	printf("negative %d\n", args[0] == -100);
}
SEOF
taskset -c 0 "$DTRACE" -s "$tmp/s.d" -c "$tmp/sysload" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] || { echo "exit status $rc"; cat "$tmp/err"; exit 1; }
cat >"$tmp/want" <<'WEOF'
openat 1 0 | -100 1 0 | 4 8 4 2
negative 1
write 42 7 | 42 7 | 4 8 8
openat 0 0 | -100 0 0 | 4 8 4 2
negative 1
openat 0 0 | -100 0 0 | 4 8 4 2
negative 1
lseek 43 1234 0 | 43 1234 0 | 4 8 4
statx 0 7ff | -100 0 7ff

WEOF
diff -u "$tmp/want" "$tmp/out" || exit 1
exit 0
