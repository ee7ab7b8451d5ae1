#!/bin/bash
# No arguments prints the usage and exits 2; options but no probes is a
# fatal error (exit 1) saying so; an unknown option is a usage error.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
"$DTRACE" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 2 ] || { echo "no args: exit status $rc, expected 2"; fail=1; }
grep -q '^Usage: dtrace ' "$tmp/err" || { echo "no usage on stderr"; fail=1; }
"$DTRACE" -q >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 1 ] || { echo "-q: exit status $rc, expected 1"; fail=1; }
[ "$(cat "$tmp/err")" = "dtrace: no probes specified" ] ||
    { echo "-q: stderr: $(cat "$tmp/err")"; fail=1; }
"$DTRACE" -K -n 'BEGIN{exit(0)}' >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 2 ] || { echo "-K: exit status $rc, expected 2"; fail=1; }
grep -q '^Usage: dtrace ' "$tmp/err" || { echo "-K: no usage on stderr"; fail=1; }
exit $fail
