#!/bin/bash
# sched:::sleep, wakeup, off-cpu and on-cpu for two processes that take
# turns over pipes (progs/sched_pingpong.c, 20 rounds; each side writes
# only once the other is asleep in read(), after a 5 ms nap):
# - wakeup fires in the waker's context with args[] the woken thread:
#   sched_ping wakes sched_pong exactly as often as sched_pong sleeps in
#   read() (every time: 20), and sched_pong wakes sched_ping 20 times, or
#   21 when its exit also wakes the parent's waitpid();
# - sched_pong sleeps in each of its 20 naps, and then its curlwpsinfo
#   says it is sleeping (pr_state SSLEEP, pr_sname 'S');
# - on-cpu fires in the context of the thread coming on: when off-cpu's
#   args[] name one of ours as the next thread on that CPU, the next
#   on-cpu there is in that thread (curlwpsinfo, curpsinfo, tid, pid,
#   curcpu agree);
# - off-cpu and on-cpu pair up for the child (its first on-cpu is in
#   schedule_tail(), before it names itself sched_pong; its last off-cpu
#   is its exit).
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$TESTDIR/progs/build.bash"
build_prog sched_pingpong
cat >"$tmp/s.d" <<'SEOF'
#pragma D option quiet

sched:::wakeup
/execname == "sched_ping" && args[1]->pr_fname == "sched_pong"/
{
	ping_wakes_pong++;
}

sched:::wakeup
/execname == "sched_pong" && args[1]->pr_fname == "sched_ping"/
{
	pong_wakes_ping++;
}

sched:::wakeup
/args[1]->pr_fname == "sched_pong" && args[0]->pr_lwpid != args[1]->pr_pid/
{
	bad_wakeup_args++;
}

syscall::read:entry
/execname == "sched_pong"/
{
	self->inread = 1;
}

syscall::read:return
/execname == "sched_pong"/
{
	self->inread = 0;
}

sched:::sleep
/execname == "sched_pong"/
{
	pong_sleeps++;
	pong_read_sleeps += self->inread;
	pong_sleep_state += curlwpsinfo->pr_state == SSLEEP && curlwpsinfo->pr_sname == 'S';
}

sched:::off-cpu
/args[1]->pr_fname == "sched_ping" || args[1]->pr_fname == "sched_pong"/
{
	next[cpu] = args[0]->pr_lwpid;
	nextpid[cpu] = args[1]->pr_pid;
}

sched:::off-cpu
/pid != $target && progenyof($target)/
{
	child_off++;
}

sched:::on-cpu
/pid != $target && progenyof($target)/
{
	child_on++;
}

sched:::on-cpu
/next[cpu]/
{
	checked++;
	mismatch += next[cpu] != tid || nextpid[cpu] != pid ||
	    curlwpsinfo->pr_lwpid != tid || curpsinfo->pr_pid != pid ||
	    curpsinfo->pr_fname != execname || curlwpsinfo->pr_onpro != cpu ||
	    curcpu->cpu_id != cpu;
	next[cpu] = 0;
}

END
{
	printf("ping wakes pong as often as pong sleeps in read: %d (%d == 20)\n",
	    ping_wakes_pong == pong_read_sleeps, pong_read_sleeps == 20);
	printf("pong wakes ping: %d\n", pong_wakes_ping == 20 || pong_wakes_ping == 21);
	printf("wakeup args agree: %d\n", bad_wakeup_args == 0);
	printf("pong sleeps in its 20 naps: %d, asleep: %d\n", pong_sleeps - pong_read_sleeps,
	    pong_sleeps == pong_sleep_state);
	printf("child off-cpu == on-cpu: %d (%d)\n", child_off == child_on, child_on > pong_sleeps);
	printf("on-cpu checked: %d, mismatches: %d\n", checked >= 40, mismatch);
}
SEOF
"$DTRACE" -s "$tmp/s.d" -c "$tmp/sched_pingpong 20" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] || { echo "exit status $rc"; cat "$tmp/err"; exit 1; }
cat >"$tmp/want" <<'WEOF'
ping wakes pong as often as pong sleeps in read: 1 (1 == 20)
pong wakes ping: 1
wakeup args agree: 1
pong sleeps in its 20 naps: 20, asleep: 1
child off-cpu == on-cpu: 1 (1)
on-cpu checked: 1, mismatches: 0

WEOF
diff -u "$tmp/want" "$tmp/out" || { cat "$tmp/err"; exit 1; }
