#!/bin/bash
# With bufresize=auto (the default) a buffer that cannot be allocated is
# halved until it can, and dtrace says so: "buffer size lowered to 200m"
# (the size is a halving of the request, in dtrace's k/m/g/t units), then
# traces normally.  Here 100 terabytes per CPU are asked for.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$DTRACE" -x bufresize=auto -b 100t -n 'BEGIN { printf("traced\n"); exit(0); }' \
    >"$tmp/out" 2>"$tmp/err"
rc=$?
echo "exit status $rc; stderr:"
cat "$tmp/err"
[ $rc = 0 ] || exit 1
grep -q "^  [0-9]*      1                           :BEGIN traced$" "$tmp/out" || exit 1
[ "$(sed -n 1p "$tmp/err")" = "dtrace: description 'BEGIN ' matched 1 probe" ] || exit 1
line=$(sed -n 2p "$tmp/err")
[ "$(wc -l <"$tmp/err")" = 2 ] || exit 1
n=$(echo "$line" | sed -nE 's/^dtrace: buffer size lowered to ([0-9]+)([kmgt])$/\1/p')
u=$(echo "$line" | sed -nE 's/^dtrace: buffer size lowered to ([0-9]+)([kmgt])$/\2/p')
[ -n "$n" ] || exit 1
case $u in k) sh=10 ;; m) sh=20 ;; g) sh=30 ;; t) sh=40 ;; esac
# 100t / size is a power of two
req=$((100 << 40)); got=$((n << sh))
[ $((req % got)) = 0 ] || exit 1
q=$((req / got))
[ $((q & (q - 1))) = 0 ] || exit 1
exit 0
