#!/bin/bash
# A fault in a program shared by several probes is reported for the
# probe that fired: "error on enabled probe ID E (ID P: prov:mod:func:name)"
# names that probe and the EPID of its clause (the second clause's EPIDs
# follow the first's, 9..15), ERROR clauses see that EPID in arg1, and the
# other probes and clauses run on; the same as with a program per probe.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$TESTDIR/shared/common.bash"

cat >"$tmp/fault.d" <<SEOF
#pragma D option quiet
$PROBES
/pid == \$target/
{
	printf("%s %d\n", probename, epid);
}

$PROBES
/pid == \$target && (probename == "task_rename" || probename == "signal_deliver")/
{
	trace(*(int *)0);
}

ERROR
{
	printf("ERROR epid %d action %d fault %d addr %d\n", arg1, arg2, arg4, arg5);
}
SEOF
run_both fault
cat >"$tmp/want" <<'WEOF'
signal_generate 6
signal_deliver 5
ERROR epid 12 action 1 fault 1 addr 0
task_newtask 7
sched_process_fork 3
sched_process_wait 4
task_newtask 7
sched_process_fork 3
sched_process_wait 4
task_rename 8
ERROR epid 15 action 1 fault 1 addr 0
sched_process_exit 2
signal_generate 6

WEOF
diff -u "$tmp/want" "$tmp/fault.out" || exit 1
id() { "$DTRACE" -l -n "rawtp:$1" | awk 'NR == 2 { print $1 }'; }
cat >"$tmp/want" <<WEOF
dtrace: error on enabled probe ID 12 (ID $(id signal::signal_deliver): rawtp:signal::signal_deliver): invalid address (0x0) in action #1 at BPF pc N
dtrace: error on enabled probe ID 15 (ID $(id task::task_rename): rawtp:task::task_rename): invalid address (0x0) in action #1 at BPF pc N
WEOF
grep '^dtrace: error' "$tmp/fault.err" | diff -u "$tmp/want" - || exit 1
exit 0
