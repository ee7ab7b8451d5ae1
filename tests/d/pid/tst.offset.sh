#!/bin/bash
# Instruction probes: an offset on an instruction boundary fires there
# (pid_sign:b only on its negative path, pid_sign:0 on every call); one
# inside an instruction is refused with DTrace's message; an empty name
# (a glob) makes entry, return and an offset probe at every instruction
# of the function (pid_sign's six), and "1*" the offsets starting with 1.
. "$TESTDIR/pid/common.bash"
build_pid p
"$DTRACE" -qn 'pid$target:a.out:pid_sign:b, pid$target:a.out:pid_sign:0 { printf("%s %d\n", probename, (long)arg0); }' \
    -c "$tmp/p 1" >"$tmp/out" 2>"$tmp/err" || fail "dtrace failed"
[ "$(grep -v '^pid$' "$tmp/out" | tr '\n' ' ')" = "0 -5 b -5 0 7  " ] || fail "firings"
for off in 1 6 11; do
	"$DTRACE" -n "pid\$target:a.out:pid_sign:$off" -c "$tmp/p" >"$tmp/out" 2>"$tmp/err" && fail "$off accepted"
	grep -qx "dtrace: invalid probe specifier pid\$target:a.out:pid_sign:$off: offset 0x$off is not aligned on an instruction" \
	    "$tmp/err" || fail "message for $off"
done
"$DTRACE" -l -n 'pid$target:a.out:pid_sign:' -c "$tmp/p" >"$tmp/out" 2>"$tmp/err" || fail "list"
[ "$(awk 'NR > 1 { print $5 }' "$tmp/out" | sort | tr '\n' ' ')" = "0 12 3 5 a b entry return " ] || fail "every instruction"
"$DTRACE" -l -n 'pid$target:a.out:pid_sign:1*' -c "$tmp/p" >"$tmp/out" 2>"$tmp/err" || fail "list 1*"
[ "$(awk 'NR > 1 { print $5 }' "$tmp/out" | tr '\n' ' ')" = "12 " ] || fail "1*"
# and they all fire: each instruction of the path taken, in order
"$DTRACE" -qn 'pid$target:a.out:pid_sign: { printf("%s ", probename); }' -c "$tmp/p 1" >"$tmp/out" 2>"$tmp/err" ||
	fail "dtrace failed (all)"
grep -q "entry 0 3 b 12 return entry 0 3 5 a return" "$tmp/out" || fail "all instructions"
exit 0
