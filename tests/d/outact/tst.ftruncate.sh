#!/bin/bash
# ftruncate() empties the output file: only what comes after it remains.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
echo "from before" >"$tmp/o"
"$DTRACE" -o "$tmp/o" -qn 'BEGIN { printf("one\n"); } BEGIN { ftruncate(); printf("two\n"); }
    BEGIN { printf("three\n"); exit(0); }' 2>"$tmp/err" || { echo "exit status $?"; cat "$tmp/err"; exit 1; }
printf 'two\nthree\n\n' | diff -u - "$tmp/o"
