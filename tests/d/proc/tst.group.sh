#!/bin/bash
# Multi-threaded processes (progs/proc_group.c): exit fires once per
# process, in its last thread, and lwp-exit in each other thread, whether
# the process ends by exit() (exit_group ends the waiting threads: no
# signal-handle) or by a fatal SIGTERM (which the kernel delivers to every
# thread: signal-handle fires in each, with the signal sent); start fires
# in each new process, lwp-start in each new thread and new process.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$TESTDIR/progs/build.bash"
build_prog proc_group
cat >"$tmp/s.d" <<'SEOF'
#pragma D option quiet

proc:::lwp-create, proc:::lwp-exit, proc:::start, proc:::lwp-start
/progenyof($target) && pid != $target/
{
	@n[probename, 0] = count();
}

proc:::exit, proc:::signal-handle
/progenyof($target) && pid != $target/
{
	@n[probename, args[0]] = count();
}

END
{
	printa("%-14s %2d %@d\n", @n);
}
SEOF
taskset -c 0 "$DTRACE" -s "$tmp/s.d" -c "$tmp/proc_group" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] || { echo "exit status $rc"; cat "$tmp/err"; exit 1; }
cat >"$tmp/want" <<'WEOF'
exit            1 1
exit            2 1
start           0 2
signal-handle  15 3
lwp-create      0 4
lwp-exit        0 4
lwp-start       0 6

WEOF
diff -u "$tmp/want" "$tmp/out" || exit 1
exit 0
