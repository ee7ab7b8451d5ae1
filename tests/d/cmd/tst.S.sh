#!/bin/bash
# -S prints the compiled intermediate code on stderr; the program still
# runs normally.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$DTRACE" -qS -n 'BEGIN { printf("%d\n", 6 * 7); exit(0); }' >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] || { echo "exit status $rc"; exit 1; }
[ "$(head -n 1 "$tmp/out")" = 42 ] || { echo "stdout: $(cat "$tmp/out")"; exit 1; }
[ "$(wc -l <"$tmp/err")" -ge 3 ] || { echo "too little on stderr:"; cat "$tmp/err"; exit 1; }
exit 0
