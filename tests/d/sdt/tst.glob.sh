#!/bin/bash
# sdt probe descriptions with globs and omitted fields, alone and mixed with
# syscall descriptions in one clause; probeprov/probemod/probefunc/probename
# identify the tracepoint that fired (the function is always empty).
# :sched::sched_process_f?rk names the rawtp provider's probe too.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$TESTDIR/progs/build.bash"
build_prog sysload
cat >"$tmp/s.d" <<'SEOF'
#pragma D option quiet

syscall::getppid:entry
/pid == $target/
{
	started = 1;
}

sdt:sig*::*_generate
/pid == $target && args[0] == 12/
{
	printf("1 %s:%s:%s:%s\n", probeprov, probemod, probefunc, probename);
}

:sched::sched_process_f?rk,
sdt:::signal_[d]eliver,
syscall::kill:entry
/pid == $target/
{
	printf("2 %s:%s:%s:%s\n", probeprov, probemod, probefunc, probename);
}

sdt:task:*:
/pid == $target && started/
{
	printf("3 %s:%s:%s:%s\n", probeprov, probemod, probefunc, probename);
}
SEOF
taskset -c 0 "$DTRACE" -s "$tmp/s.d" -c "$tmp/sysload 1" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] || { echo "exit status $rc"; cat "$tmp/err"; exit 1; }
cat >"$tmp/want" <<'WEOF'
2 syscall:vmlinux:kill:entry
1 sdt:signal::signal_generate
2 sdt:signal::signal_deliver
3 sdt:task::task_newtask
2 sdt:sched::sched_process_fork
2 rawtp:sched::sched_process_fork
3 sdt:task::task_newtask
2 sdt:sched::sched_process_fork
2 rawtp:sched::sched_process_fork
3 sdt:task::task_rename

WEOF
diff -u "$tmp/want" "$tmp/out" || exit 1
exit 0
