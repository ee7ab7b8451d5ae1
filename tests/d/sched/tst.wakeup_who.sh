#!/bin/bash
# The USENIX '04 paper's section 9 investigation, on a workload of our
# own: a "server" (sched_ping) makes an interesting system call (here
# clock_nanosleep, the paper's mmap), then answers, waking its client;
# between requests it waits in read() (the paper's poll).  sched:::wakeup
# in the server's context, with a thread-local flag set by the
# interesting call, aggregates on the process being woken: args[1] is the
# woken thread's psinfo_t, so the answer is the client, sched_pong, once
# per request (20).  (What else the server's calls happen to wake may be
# listed too, as on any real system: a kworker now and then, or dtrace
# itself when a record the server's CPU wrote wakes the consumer.)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$TESTDIR/progs/build.bash"
build_prog sched_pingpong
cat >"$tmp/s.d" <<'SEOF'
syscall::read:entry
/execname == "sched_ping"/
{
	self->interested = 0;
}

syscall::clock_nanosleep:entry
/execname == "sched_ping"/
{
	self->interested = 1;
}

sched:::wakeup
/self->interested/
{
	@[args[1]->pr_fname] = count();
}
SEOF
"$DTRACE" -q -s "$tmp/s.d" -c "$tmp/sched_pingpong 20" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] || { echo "exit status $rc"; cat "$tmp/err"; exit 1; }
printf '  %-50s %16d\n' sched_pong 20 >"$tmp/want"
grep sched_ "$tmp/out" | diff -u "$tmp/want" - || { cat "$tmp/out" "$tmp/err"; exit 1; }
# nothing else of ours: the client is the only process of the workload
# the server wakes (whatever else runs on the machine may be woken too:
# a kworker, dtrace, another tool's process), and every name is filled
grep -v '^$' "$tmp/out" | grep -v -e '^  [^ ].* [0-9]*$' &&
    { echo "a line without a name"; exit 1; }
exit 0
