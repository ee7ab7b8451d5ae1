#!/bin/bash
# USDT arguments as the notes' specs say, at -O0 (stack slots: memory
# operands, a global %rip-relative pointer) and at -O2 (registers, a byte
# register): sizes and signs kept; copyinstr() of a string argument and
# of one in a page the process never touched; a probe with two sites in
# one function whose specs differ (a register, the constant 42) picks
# each site's by its cookie; provider, module and function named as
# DTrace names them.
. "$TESTDIR/usdt/common.bash"
for o in O0 O2; do
	build_usdt p$o -$o
	"$DTRACE" -qn 'usdtprog$target:::args-three { printf("%s %s %s %d %d %s %d\n", probeprov,
	    probemod, probefunc, arg0, arg1, copyinstr(arg2), arg3); }
	    usdtprog$target:::twice { printf("twice %d\n", arg0); }
	    usdtprog$target:::fresh { printf("%s\n", copyinstr(arg0)); }
	    usdtprog$target:::work { printf("work %d %d\n", arg0, arg1); }' \
	    -c "$tmp/p$o 3" >"$tmp/out" 2>"$tmp/err" || fail "dtrace failed ($o)"
	grep -v '^ready\|^enabled' "$tmp/out" | sed 's/usdtprog[0-9]*/usdtprogPID/' >"$tmp/got"
	cat >"$tmp/want" <<EOT
usdtprogPID p$o fire -1 4294967297 hello usdt 201
work 1 1
twice 1
twice 42
fresh string 1
usdtprogPID p$o fire -2 8589934594 hello usdt 202
work 2 2
twice 2
twice 42
fresh string 2
usdtprogPID p$o fire -3 12884901891 hello usdt 203
work 3 3
twice 3
twice 42
fresh string 3

EOT
	diff -u "$tmp/want" "$tmp/got" || fail "arguments ($o)"
done
exit 0
