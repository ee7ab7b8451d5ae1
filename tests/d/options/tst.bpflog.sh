#!/bin/bash
# The verifier's log: -x bpflog prints it for every program, accepted or
# not; a program the verifier refuses ends its error with the log's last
# line; a log larger than bpflogsize is reported, not printed (and an
# accepted program still loads).
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
"$DTRACE" -x bpflog -qn 'BEGIN { printf("ran\n"); exit(0); }' >"$tmp/out" 2>"$tmp/err" ||
    { echo "bpflog: exit status $?"; fail=1; }
printf 'ran\n\n' | diff -u - "$tmp/out" || fail=1
grep -q '^dtrace: BPF verifier log for dtrace:::BEGIN:$' "$tmp/err" &&
    grep -q '^processed [0-9]* insns' "$tmp/err" || { echo "bpflog:"; head "$tmp/err"; fail=1; }
"$DTRACE" -x bpflog -x bpflogsize=256 -qn 'BEGIN { printf("ran\n"); exit(0); }' >"$tmp/out" 2>"$tmp/err" ||
    { echo "bpflogsize: exit status $?: $(cat "$tmp/err")"; fail=1; }
printf 'ran\n\n' | diff -u - "$tmp/out" || fail=1
grep -q '^dtrace: the BPF verifier log for dtrace:::BEGIN exceeds bpflogsize (256 bytes): raise it with -x bpflogsize$' \
    "$tmp/err" || { echo "bpflogsize:"; cat "$tmp/err"; fail=1; }
# a program the verifier refuses: more maps than a program may use (70
# lquantize()s of different ranges: they cannot share maps); without
# bpflog refused before the load, naming the clause
prog='BEGIN {'
for i in $(seq 70); do prog="$prog @a$i = lquantize(1, 0, $((10 * i)), 10);"; done
prog="$prog exit(0); }"
"$DTRACE" -qn "$prog" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 1 ] || { echo "refused: exit status $rc"; fail=1; }
[ "$(wc -l <"$tmp/err")" = 1 ] && grep -q '^dtrace: could not enable tracing: failed to load program for dtrace:::BEGIN: clause 1 .*maps' "$tmp/err" ||
    { echo "refused:"; cat "$tmp/err"; fail=1; }
"$DTRACE" -x bpflog -qn "$prog" >"$tmp/out" 2>"$tmp/err"
grep -q '^dtrace: BPF verifier log for dtrace:::BEGIN:$' "$tmp/err" &&
    [ "$(wc -l <"$tmp/err")" -gt 2 ] || { echo "refused, bpflog:"; head "$tmp/err"; fail=1; }
exit $fail
