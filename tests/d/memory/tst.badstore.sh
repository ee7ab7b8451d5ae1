#!/bin/bash
# Stores through pointers, bcopy() and copyinto() may only write scratch
# memory; anything else faults with the address, and tracing goes on.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$DTRACE" -s "$TESTDIR/memory/badstore.d.in" >"$tmp/out" 2>"$tmp/err"
rc=$?
fail=0
[ $rc = 0 ] || { echo "exit status $rc"; fail=1; }
printf 'done\n\n' | diff -u - "$tmp/out" || fail=1
sed -E 's/at BPF pc [0-9]+/at BPF pc N/; s/\(0xffff[0-9a-f]+\)/(KADDR)/' "$tmp/err" >"$tmp/err.n"
cat >"$tmp/want" <<'WEOF'
dtrace: error on enabled probe ID 2 (ID 1: dtrace:::BEGIN): invalid address (KADDR) in action #1 at BPF pc N
dtrace: error on enabled probe ID 3 (ID 1: dtrace:::BEGIN): invalid address (KADDR) in action #1 at BPF pc N
dtrace: error on enabled probe ID 4 (ID 1: dtrace:::BEGIN): invalid address (0x0) in action #2 at BPF pc N
dtrace: error on enabled probe ID 5 (ID 1: dtrace:::BEGIN): invalid address (KADDR) in action #2 at BPF pc N
WEOF
diff -u "$tmp/want" "$tmp/err.n" || fail=1
exit $fail
