#!/bin/bash
# The consumer reports a run-time division by zero on stderr, naming the
# EPID of the faulting clause, the probe, the fault, the action and the BPF
# program counter; a fault in a predicate is reported "in predicate".
# Tracing continues, and dtrace exits with the exit() status.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/t.d" <<'DEOF'
#pragma D option quiet
int x;
BEGIN { x = 0; }
BEGIN { printf("%d\n", 10 / x); }
BEGIN /10 % x/ { printf("not reached\n"); }
BEGIN { printf("end of BEGIN\n"); }
tick-10ms { exit(3); }
DEOF
"$DTRACE" -s "$tmp/t.d" >"$tmp/out" 2>"$tmp/err"
rc=$?
fail=0
if [ $rc != 3 ]; then echo "exit status $rc, expected 3"; fail=1; fi
if [ "$(cat "$tmp/out")" != "end of BEGIN" ]; then
	echo "unexpected stdout:"; cat "$tmp/out"; fail=1
fi
sed -E 's/at BPF pc [0-9]+$/at BPF pc N/' "$tmp/err" >"$tmp/err.n"
cat >"$tmp/want" <<'WEOF'
dtrace: error on enabled probe ID 3 (ID 1: dtrace:::BEGIN): divide-by-zero in action #1 at BPF pc N
dtrace: error on enabled probe ID 4 (ID 1: dtrace:::BEGIN): divide-by-zero in predicate at BPF pc N
WEOF
if ! diff -u "$tmp/want" "$tmp/err.n"; then fail=1; fi
exit $fail
