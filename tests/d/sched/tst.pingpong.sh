#!/bin/bash
# sched:::sleep, wakeup, off-cpu and on-cpu for two processes that take
# turns over pipes (progs/sched_pingpong.c, 20 rounds, each side napping
# 2 ms before it writes, so the other is always asleep in read()):
# - wakeup fires in the waker's context with args[] the woken thread:
#   sched_ping wakes sched_pong exactly 20 times (its pipe writes), and
#   sched_pong wakes sched_ping 20 times, or 21 when its exit also wakes
#   the parent's waitpid();
# - sched_pong sleeps exactly 40 times (20 reads, 20 naps), and its
#   curlwpsinfo says it is sleeping (pr_state SSLEEP, pr_sname 'S');
# - on-cpu fires in the context of the thread coming on: the thread that
#   off-cpu's args[0] named as next on that CPU is the current thread of
#   the next on-cpu there (curlwpsinfo, curpsinfo, tid and pid agree);
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

sched:::sleep
/execname == "sched_pong"/
{
	pong_sleeps++;
	pong_sleep_state += curlwpsinfo->pr_state == SSLEEP && curlwpsinfo->pr_sname == 'S';
}

sched:::off-cpu
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
/next[cpu] && (execname == "sched_ping" || execname == "sched_pong")/
{
	checked++;
	mismatch += next[cpu] != tid || nextpid[cpu] != pid ||
	    curlwpsinfo->pr_lwpid != tid || curpsinfo->pr_pid != pid ||
	    curpsinfo->pr_fname != execname || curlwpsinfo->pr_onpro != cpu ||
	    curcpu->cpu_id != cpu;
}

END
{
	printf("ping wakes pong: %d\n", ping_wakes_pong);
	printf("pong wakes ping: %s\n", pong_wakes_ping == 20 || pong_wakes_ping == 21 ?
	    "20 or 21" : lltostr(pong_wakes_ping));
	printf("wakeup args agree: %d\n", bad_wakeup_args == 0);
	printf("pong sleeps: %d, asleep: %d\n", pong_sleeps, pong_sleep_state);
	printf("child off-cpu == on-cpu: %d (%d >= 41)\n", child_off == child_on, child_on >= 41);
	printf("on-cpu checked: %d, mismatches: %d\n", checked >= 40, mismatch);
}
SEOF
"$DTRACE" -s "$tmp/s.d" -c "$tmp/sched_pingpong 20" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] || { echo "exit status $rc"; cat "$tmp/err"; exit 1; }
cat >"$tmp/want" <<'WEOF'
ping wakes pong: 20
pong wakes ping: 20 or 21
wakeup args agree: 1
pong sleeps: 40, asleep: 40
child off-cpu == on-cpu: 1 (1 >= 41)
on-cpu checked: 1, mismatches: 0

WEOF
diff -u "$tmp/want" "$tmp/out" || { cat "$tmp/err"; exit 1; }
