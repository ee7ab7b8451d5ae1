#!/bin/bash
# -x quietresize: a buffer lowered under bufresize=auto is not reported.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$DTRACE" -x quietresize -b 100t -qn 'BEGIN { printf("traced\n"); exit(0); }' \
    >"$tmp/out" 2>"$tmp/err" || { echo "exit status $?"; cat "$tmp/err"; exit 1; }
printf 'traced\n\n' | diff -u - "$tmp/out" || exit 1
[ -s "$tmp/err" ] && { echo "stderr: $(cat "$tmp/err")"; exit 1; }
exit 0
