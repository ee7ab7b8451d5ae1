#!/bin/bash
# -e compiles the program (reporting compile errors) but exits before
# enabling any probe: no output, no notice, exit status 0.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
"$DTRACE" -e -n 'BEGIN { printf("ran\n"); exit(3); }' >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] || { echo "exit status $rc, expected 0"; fail=1; }
[ -s "$tmp/out" ] && { echo "stdout: $(cat "$tmp/out")"; fail=1; }
[ -s "$tmp/err" ] && { echo "stderr: $(cat "$tmp/err")"; fail=1; }
"$DTRACE" -e -n 'BEGIN { exit(); }' >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 1 ] || { echo "compile error: exit status $rc, expected 1"; fail=1; }
grep -q 'prototype mismatch' "$tmp/err" || { echo "stderr: $(cat "$tmp/err")"; fail=1; }
exit $fail
