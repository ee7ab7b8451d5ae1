#!/bin/bash
# An argument whose note spec cannot be decoded ("8@%xmm0", written by
# hand in tests/d/progs/usdt_badspec.c): a clause reading it (argN or
# args[N]) faults with dtrace's "invalid address (0x0)", and one whose
# memory operand cannot be read (16 past NULL) with "invalid address
# (0x10)"; tracing goes on; the probe's other arguments read right in
# the same firing.
. "$TESTDIR/usdt/common.bash"
cc -O2 -o "$tmp/b" "$TESTDIR/progs/usdt_badspec.c" || fail "cannot build usdt_badspec"
start_waiting "$tmp/b" 0 10
trap 'kill $wpid 2>/dev/null; wait $wpid 2>/dev/null; rm -rf "$tmp"' EXIT
cat >"$tmp/s.d" <<'D'
badspec$target:::site { printf("ok %d\n", arg2 - 2 * arg0 + (arg0 > 0)); }
badspec$target:::site { trace(arg1); }
badspec$target:::site { trace(args[1]); }
badspec$target:::site { trace(arg3); }
badspec$target:::site /++n == 3/ { exit(0); }
D
timeout -s KILL 30 "$DTRACE" -q -s "$tmp/s.d" -p $wpid >"$tmp/out" 2>"$tmp/err" ||
    fail "dtrace failed"
[ "$(grep -c '^ok 1$' "$tmp/out")" = 3 ] || fail "the other arguments did not read right"
[ "$(grep -v "^ok 1$" "$tmp/out" | grep -c . | tr -d ' ')" = 0 ] || fail "a bad argument traced"
pat="^dtrace: error on enabled probe ID [0-9]+ \(ID [0-9]+: badspec$wpid:b:site:site\): invalid address \(0x(0|10)\) in action #1 at BPF pc [0-9]+$"
[ "$(grep -cE "$pat" "$tmp/err")" = 9 ] || fail "not 9 faults"
[ "$(grep -c "(0x10)" "$tmp/err")" = 3 ] || fail "not 3 faults of the memory operand"
[ "$(grep -cvE "$pat" "$tmp/err")" = 0 ] || fail "other messages"
exit 0
