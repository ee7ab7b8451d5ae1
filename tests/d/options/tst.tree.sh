#!/bin/bash
# -x tree=N prints the parse tree on stderr as the program is parsed (for
# any positive N); 0 or no value is refused.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
"$DTRACE" -x tree=1 -e -n 'BEGIN /1/ { x = 2; }' >"$tmp/out" 2>"$tmp/err" ||
    { echo "exit status $?"; fail=1; }
[ "$(cat "$tmp/err")" = '(clause (probes "BEGIN") (pred 1) (body (= x 2)))' ] ||
    { echo "tree: $(cat "$tmp/err")"; fail=1; }
for v in "tree=0" "tree"; do
	"$DTRACE" -x $v -e -n BEGIN >"$tmp/out" 2>"$tmp/err"
	[ "$(cat "$tmp/err")" = "dtrace: failed to set -x tree: Invalid value for specified option" ] ||
	    { echo "$v: $(cat "$tmp/err")"; fail=1; }
done
exit $fail
