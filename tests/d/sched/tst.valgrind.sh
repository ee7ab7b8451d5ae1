#!/usr/bin/env bash
# The sched provider is leak- and error-free under valgrind: every probe
# enabled (the tick's symbol looked up, BTF read for change-pri's and
# preempt's offsets, translated arguments), traced for a moment, detached.
command -v valgrind >/dev/null || { echo "valgrind missing"; exit 1; }
supp="$TESTDIR/../valgrind.supp"
out=$(valgrind --error-exitcode=9 --leak-check=full --errors-for-leak-kinds=definite \
	--suppressions="$supp" "$DTRACE" -qn '
sched:::off-cpu, sched:::wakeup, sched:::surrender, sched:::tick,
sched:::change-pri
{
	@[probename] = count();
	n = args[0]->pr_lwpid + args[1]->pr_pid;
}
sched:::change-pri { p = args[2]; }
sched:::on-cpu, sched:::remain-cpu, sched:::preempt, sched:::sleep
{
	@[probename] = count();
}
tick-200ms { printf("ok\n"); exit(0); }' 2>&1)
rc=$?
echo "$out" | tail -n 20
[ $rc -eq 0 ] || { echo "valgrind exit $rc"; exit 1; }
echo "$out" | grep -q "All heap blocks were freed" || exit 1
echo "$out" | grep -q "^ok$" || exit 1
echo "$out" | grep -q "^  off-cpu  *[1-9]" || exit 1
