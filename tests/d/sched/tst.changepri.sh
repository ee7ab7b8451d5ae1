#!/bin/bash
# sched:::change-pri fires when priority inheritance changes a thread's
# priority (progs/sched_pi.c: a SCHED_FIFO 10 thread blocks on a
# PTHREAD_PRIO_INHERIT mutex the main thread holds): args[0] is the
# owner's lwpsinfo_t, its pr_pri the priority it has, args[2] the one it
# is about to get (Linux's kernel priorities: 120 -> 89 when the waiter
# lends it its own, 89 -> 120 when the owner unlocks).
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$TESTDIR/progs/build.bash"
build_prog sched_pi
cat >"$tmp/s.d" <<'SEOF'
#pragma D option quiet

sched:::change-pri
/args[1]->pr_pid == $target/
{
	printf("main thread: %d, %d -> %d\n", args[0]->pr_lwpid == $target,
	    args[0]->pr_pri, args[2]);
}
SEOF
"$DTRACE" -s "$tmp/s.d" -c "$tmp/sched_pi" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] || { echo "exit status $rc"; cat "$tmp/err"; exit 1; }
# (records of different CPUs come in CPU order, not time order)
printf 'main thread: 1, 120 -> 89\nmain thread: 1, 89 -> 120\n' | sort >"$tmp/want"
grep . "$tmp/out" | sort | diff -u "$tmp/want" - ||
    { cat "$tmp/err"; exit 1; }
