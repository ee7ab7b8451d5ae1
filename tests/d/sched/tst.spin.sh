#!/bin/bash
# tick, surrender, preempt, remain-cpu and sleep for two processes that
# spin on one CPU until each has used 300 ms of CPU time, never sleeping
# (progs/sched_spin.c), after which the parent, SCHED_FIFO, calls
# sched_yield() 100 times:
# - tick fires for them, in their context, args[] the current thread;
# - surrender fires when one is told to give up the CPU;
# - preempt fires for each (the parent at least 100 times: each yield
#   gives up the CPU still runnable), and each preempt is followed by
#   remain-cpu (the scheduler picks the same thread again: each of the
#   FIFO yields, and often when a spinner's slice ends) or off-cpu, so
#   for the parent preempt = remain-cpu + off-cpu (less its exit's
#   off-cpu, if that comes before the end).  Within 2 more: about once
#   in a hundred runs the kernel's own order breaks it once (recorded as
#   the sequence of the parent's events: an off-cpu followed by a
#   remain-cpu with no on-cpu between, and later an on-cpu with no
#   off-cpu before it; every event on the parent's one CPU), so the
#   follow-ups can outnumber the preempts by 2 without any event lost;
# - sleep never fires for them: they never block.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$TESTDIR/progs/build.bash"
build_prog sched_spin
cat >"$tmp/s.d" <<'SEOF'
#pragma D option quiet

sched:::tick
/execname == "sched_spin1" || execname == "sched_spin2"/
{
	ticks++;
	tickbad += args[0]->pr_lwpid != tid || args[1]->pr_pid != pid ||
	    args[1]->pr_fname != execname;
}

sched:::surrender
/args[1]->pr_fname == "sched_spin1" || args[1]->pr_fname == "sched_spin2"/
{
	surrenders++;
}

sched:::preempt
/execname == "sched_spin1" || execname == "sched_spin2"/
{
	@pre[execname] = count();
}

sched:::preempt
/execname == "sched_spin1"/
{
	pre1++;
}

sched:::remain-cpu
/execname == "sched_spin1"/
{
	rem1++;
}

sched:::off-cpu
/execname == "sched_spin1"/
{
	off1++;
}

sched:::sleep
/execname == "sched_spin1" || execname == "sched_spin2"/
{
	sleeps++;
}

END
{
	printf("ticks: %d, in context: %d\n", ticks >= 5, tickbad == 0);
	printf("surrenders: %d\n", surrenders >= 1);
	printf("parent preempted: %d, remained: %d, preempt = remain-cpu + off-cpu: %d\n",
	    pre1 >= 100, rem1 >= 1, pre1 <= rem1 + off1 && pre1 >= rem1 + off1 - 2);
	printf("sleeps: %d\n", sleeps);
	printa("%s %@d\n", @pre);
	/* not compared: what a failure needs */
	printf("parent: preempt %d, remain-cpu %d, off-cpu %d\n", pre1, rem1, off1);
}
SEOF
"$DTRACE" -s "$tmp/s.d" -c "$tmp/sched_spin 300 100" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] || { echo "exit status $rc"; cat "$tmp/err"; exit 1; }
head -n 4 "$tmp/out" >"$tmp/head"
cat >"$tmp/want" <<'WEOF'
ticks: 1, in context: 1
surrenders: 1
parent preempted: 1, remained: 1, preempt = remain-cpu + off-cpu: 1
sleeps: 0
WEOF
diff -u "$tmp/want" "$tmp/head" || { cat "$tmp/out" "$tmp/err"; exit 1; }
# both were preempted
[ "$(grep -c '^sched_spin[12] [1-9]' "$tmp/out")" = 2 ] || { cat "$tmp/out"; exit 1; }
