#!/bin/bash
# Run-time switches take no value, 1 or 0, or DTrace's on/off words in
# either case: yes/no, true/false, on/off, enable(d)/disable(d), set/unset.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
check() {	# value quiet?
	"$DTRACE" -x "quiet$1" -n 'BEGIN { printf("x\n"); exit(0); }' >"$tmp/out" 2>"$tmp/err" ||
	    { echo "quiet$1: exit status $?: $(cat "$tmp/err")"; fail=1; return; }
	if [ "$2" = 1 ]; then
		[ -s "$tmp/err" ] && { echo "quiet$1: not quiet: $(cat "$tmp/err")"; fail=1; }
	else
		grep -q "matched 1 probe" "$tmp/err" || { echo "quiet$1: quiet"; fail=1; }
	fi
}
check "" 1
for v in 1 yes YES true on On enable enabled set; do check "=$v" 1; done
for v in 0 no NO false off disable disabled unset; do check "=$v" 0; done
"$DTRACE" -x quiet=maybe -n BEGIN >"$tmp/out" 2>"$tmp/err"
[ "$(cat "$tmp/err")" = "dtrace: failed to set -x quiet: Invalid value for specified option" ] ||
    { echo "quiet=maybe: $(cat "$tmp/err")"; fail=1; }
exit $fail
