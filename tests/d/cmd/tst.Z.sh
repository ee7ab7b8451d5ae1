#!/bin/bash
# -Z permits probe descriptions that match no probes: they are reported as
# matching 0 probes and the rest of the program runs.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
"$DTRACE" -Z -n 'nosuch:::probe { printf("no\n"); }' \
    -n 'BEGIN { printf("yes\n"); exit(0); }' >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] || { echo "exit status $rc"; fail=1; }
cat >"$tmp/want" <<'WEOF'
dtrace: description 'nosuch:::probe ' matched 0 probes
dtrace: description 'BEGIN ' matched 1 probe
WEOF
diff -u "$tmp/want" "$tmp/err" || fail=1
grep -q ':BEGIN yes$' "$tmp/out" || { echo "stdout:"; cat "$tmp/out"; fail=1; }
exit $fail
