#!/bin/bash
# dynvarsize and aggsize take any size, as DTrace does: a space too small
# for one entry still holds one, and what does not fit is dropped and
# reported.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
"$DTRACE" -x dynvarsize=1 -qn 'BEGIN { a[1] = 1; a[2] = 2; printf("%d\n", a[1]); exit(0); }' \
    >"$tmp/out" 2>"$tmp/err" || { echo "dynvarsize: exit status $?"; fail=1; }
printf '1\n\n' | diff -u - "$tmp/out" || fail=1
[ "$(cat "$tmp/err")" = "dtrace: 1 dynamic variable drop" ] || { echo "dynvarsize: $(cat "$tmp/err")"; fail=1; }
"$DTRACE" -x aggsize=16 -qn 'BEGIN { @[1] = count(); @[2] = count(); exit(0); }' \
    >"$tmp/out" 2>"$tmp/err" || { echo "aggsize: exit status $?"; fail=1; }
printf '\n        1                1\n' | diff -u - "$tmp/out" || fail=1
grep -Eq '^dtrace: 1 aggregation drop on CPU [0-9]+$' "$tmp/err" || { echo "aggsize: $(cat "$tmp/err")"; fail=1; }
exit $fail
