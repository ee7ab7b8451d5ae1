#!/bin/bash
# Enabling a whole group of sdt probes: a probe whose clauses read no
# argument is a raw tracepoint program on a BPF link (cheap to remove),
# one whose clauses read its fields (args[], argN) a perf tracepoint
# event's program.  Both fire for the same events, and dtrace starts,
# traces and stops.  Which attachment each probe got is read from the
# dtrace process's file descriptors while it traces.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$TESTDIR/progs/build.bash"
build_prog sysload
tracefs=/sys/kernel/tracing
[ -r $tracefs/available_events ] || tracefs=/sys/kernel/debug/tracing
nsched=$(grep -c '^sched:' $tracefs/available_events)
cat >"$tmp/s.d" <<'SEOF'
#pragma D option quiet

sdt:sched::
/pid == $target/
{
	@[probename] = count();
}

/* parent_comm, parent_pid, child_comm, child_pid */
sdt:sched::sched_process_fork
/pid == $target/
{
	printf("fork: parent %d\n", args[1] == $target);
}

END
{
	printa("%s %@d\n", @);
}
SEOF
taskset -c 0 "$DTRACE" -s "$tmp/s.d" -c "$tmp/sysload 1 $tmp/go" >"$tmp/out" 2>"$tmp/err" &
dpid=$!
fail=0
# wait (up to 60 s) until every probe is attached, then count
links=0
for i in $(seq 600); do
	links=$(ls -l /proc/$dpid/fd 2>/dev/null | grep -c 'anon_inode:bpf_link')
	[ "$links" -ge $((nsched - 1)) ] && break
	sleep 0.1
done
perf=$(ls -l /proc/$dpid/fd 2>/dev/null | grep -c 'anon_inode:\[perf_event\]')
touch "$tmp/go"
wait $dpid
rc=$?
[ $rc = 0 ] || { echo "exit status $rc"; cat "$tmp/err"; fail=1; }
[ "$links" = $((nsched - 1)) ] || { echo "$links BPF links for $nsched sched probes, expected $((nsched - 1))"; fail=1; }
# the principal buffers are a perf event per online CPU, and one for the fork probe
ncpu=$(getconf _NPROCESSORS_ONLN)
[ "$perf" = $((ncpu + 1)) ] || { echo "$perf perf events, expected $((ncpu + 1)) ($ncpu CPUs' buffers, sched_process_fork)"; fail=1; }
[ "$(grep -c '^fork: parent 1$' "$tmp/out")" = 2 ] || { echo "fork clause:"; cat "$tmp/out"; fail=1; }
grep -q '^sched_process_fork 2$' "$tmp/out" || { echo "no count of 2 forks:"; cat "$tmp/out"; fail=1; }
exit $fail
