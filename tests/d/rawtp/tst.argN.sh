#!/bin/bash
# argN of a rawtp probe are the tracepoint's raw arguments, untranslated:
# raw_syscalls' sys_enter(struct pt_regs *regs, long id) has the system
# call number in arg1 (getppid is 110 on x86_64) and args[0] is the
# pt_regs the kernel saved, whose orig_ax is the same number; arguments
# past the prototype (arg2..) are 0.  The workload calls getppid 4 times.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$TESTDIR/progs/build.bash"
build_prog sysload
cat >"$tmp/s.d" <<'SEOF'
#pragma D option quiet

rawtp:raw_syscalls::sys_enter
/pid == $target && arg1 == 110/
{
	@calls = count();
	@same = sum(args[0]->orig_ax == arg1);
	@past = sum(arg2 + arg3 + arg9);
	@typed = sum(args[1] == 110);
}

END
{
	printa("getppid %@d, orig_ax %@d, past %@d, typed %@d\n", @calls, @same, @past, @typed);
}
SEOF
taskset -c 0 "$DTRACE" -s "$tmp/s.d" -c "$tmp/sysload 4" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] || { echo "exit status $rc"; cat "$tmp/err"; exit 1; }
printf 'getppid 4, orig_ax 4, past 0, typed 4\n\n' | diff -u - "$tmp/out" || exit 1
exit 0
