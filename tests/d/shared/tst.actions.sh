#!/bin/bash
# Speculations and exit() in a program shared by several probes: each
# firing speculates its own record, which the probe's later clauses
# commit (task_rename, sched_process_wait) or discard (the others);
# exit() in sched_process_exit's firing ends it (no later clause runs,
# no probe fires after it) with its status; the same as with a program
# per probe.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$TESTDIR/shared/common.bash"

cat >"$tmp/act.d" <<SEOF
#pragma D option quiet
#pragma D option nspec=16
$PROBES
/pid == \$target/
{
	self->spec = speculation();
	speculate(self->spec);
	printf("speculative %s\n", probename);
}

$PROBES
/pid == \$target && (probename == "task_rename" || probename == "sched_process_wait")/
{
	commit(self->spec);
}

$PROBES
/pid == \$target && probename != "task_rename" && probename != "sched_process_wait"/
{
	discard(self->spec);
}

$PROBES
/pid == \$target && probename == "sched_process_exit"/
{
	exit(3);
}

$PROBES
/pid == \$target/
{
	printf("after %s\n", probename);
}
SEOF
run_both act
[ "$(cat "$tmp/act.rc")" = 3 ] || { echo "exit status $(cat "$tmp/act.rc")"; cat "$tmp/act.err"; exit 1; }
cat >"$tmp/want" <<'WEOF'
after signal_generate
after signal_deliver
after task_newtask
after sched_process_fork
speculative sched_process_wait
after sched_process_wait
after task_newtask
after sched_process_fork
speculative sched_process_wait
after sched_process_wait
speculative task_rename
after task_rename

WEOF
diff -u "$tmp/want" "$tmp/act.out" || exit 1
exit 0
