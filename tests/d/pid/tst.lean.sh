#!/bin/bash
# The per-call cost of pid$target::...:entry { @ = count(); }: the program
# two probes share (as loaded, dtrace -S) calls no bpf_get_attach_cookie
# and looks nothing up in dt_scratch (a lean program: the keyless
# aggregation is a per-CPU array, no key is built in the frame);
# @[tid] = count() needs the frame but not the cookie; @[probefunc] =
# count() reads the cookie (so the check sees a call when there is one).
# The counts are right in each case (3 rounds: pid_add once, pid_sign
# twice a round).
. "$TESTDIR/pid/common.bash"
build_pid p
# check CLAUSE WANT: WANT is "cookie scratch", yes or no each; the
# aggregation's output in $tmp/out
check() {
	"$DTRACE" -S -qn "pid\$target:a.out:pid_add:entry, pid\$target:a.out:pid_sign:entry { $1 }" \
	    -c "$tmp/p 3" >"$tmp/out" 2>"$tmp/err" || fail "dtrace failed: $1"
	# the probes' program: from its title to the next blank line
	awk '/^Disassembly of pid[0-9]+:a.out:pid_(add|sign):entry \+1 more:/ { on = 1; next }
	    on && /^$/ { exit } on' "$tmp/err" >"$tmp/prog"
	[ -s "$tmp/prog" ] || fail "no shared program listed: $1"
	local cookie=no scratch=no
	grep -q 'call bpf_get_attach_cookie' "$tmp/prog" && cookie=yes
	grep -q "'dt_scratch'" "$tmp/prog" && scratch=yes
	[ "$cookie $scratch" = "$2" ] || { cat "$tmp/prog"; fail "$1: cookie, scratch: $cookie $scratch, not $2"; }
}
check '@ = count();' "no no"
[ "$(grep -v '^pid$' "$tmp/out" | tr -d ' \n')" = 9 ] || fail "@ = count(): $(cat "$tmp/out")"
check '@[tid] = count();' "no yes"
[ "$(awk 'NF == 2 { print $2 }' "$tmp/out")" = 9 ] || fail "@[tid]: $(cat "$tmp/out")"
check '@[probefunc] = count();' "yes yes"
[ "$(awk 'NF == 2 { print $1 "=" $2 }' "$tmp/out" | sort | tr '\n' ' ')" = "pid_add=3 pid_sign=6 " ] ||
	fail "@[probefunc]: $(cat "$tmp/out")"
exit 0
