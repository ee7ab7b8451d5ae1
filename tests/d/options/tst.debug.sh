#!/bin/bash
# -x debug prints libdtrace's debugging messages, as DTRACE_DEBUG=1 does;
# without either there are none.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
prog='BEGIN { @ = count(); exit(0); }'
env -u DTRACE_DEBUG "$DTRACE" -x debug -qn "$prog" >"$tmp/out" 2>"$tmp/err" || fail=1
grep -q '^libdtrace DEBUG: @: 1 keys read and merged in' "$tmp/err" || { echo "debug: $(cat "$tmp/err")"; fail=1; }
env -u DTRACE_DEBUG "$DTRACE" -qn "$prog" >"$tmp/out" 2>"$tmp/err" || fail=1
[ -s "$tmp/err" ] && { echo "no debug: $(cat "$tmp/err")"; fail=1; }
exit $fail
