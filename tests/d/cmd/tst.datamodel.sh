#!/bin/bash
# -64 is the kernel's data model and is accepted; -32 is refused in
# dtrace's words (exit 1); other digits are an illegal option (exit 2).
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
"$DTRACE" -64 -qn 'BEGIN { printf("%d\n", sizeof(long)); exit(0); }' >"$tmp/out" 2>"$tmp/err" ||
    { echo "-64: exit status $?: $(cat "$tmp/err")"; fail=1; }
printf '8\n\n' | diff -u - "$tmp/out" || fail=1
"$DTRACE" -32 -n BEGIN >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 1 ] || { echo "-32: exit status $rc"; fail=1; }
[ "$(cat "$tmp/err")" = "dtrace: failed to initialize dtrace: Module and program data models do not match" ] ||
    { echo "-32: $(cat "$tmp/err")"; fail=1; }
for o in -31 -65; do
	"$DTRACE" $o -n BEGIN >"$tmp/out" 2>"$tmp/err"
	rc=$?
	[ $rc = 2 ] || { echo "$o: exit status $rc"; fail=1; }
	[ "$(head -n 1 "$tmp/err")" = "dtrace: illegal option -- ${o#-}" ] && grep -q '^Usage: dtrace \[-32|-64\]' "$tmp/err" ||
	    { echo "$o: $(cat "$tmp/err")"; fail=1; }
done
exit $fail
