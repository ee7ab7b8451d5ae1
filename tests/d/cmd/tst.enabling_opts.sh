#!/bin/bash
# -P, -i and -n enable probes by provider, probe id and name; a description
# without an action gets the default action, which reports each firing.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
"$DTRACE" -P dtrace -i 2 -n 'BEGIN{exit(0)}' >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] || { echo "exit status $rc"; fail=1; }
{
	printf '%3s %6s %32s\n' CPU ID FUNCTION:NAME
	printf '%3d %6d %32s \n' 0 1 :BEGIN 0 1 :BEGIN 0 2 :END 0 2 :END
	printf '\n'
} >"$tmp/want"
# the CPU column depends on where dtrace ran: normalize it
sed -E 's/^ *[0-9]+( +[0-9]+ +:)/  0\1/' "$tmp/out" >"$tmp/out.n"
diff -u "$tmp/want" "$tmp/out.n" || fail=1
cat >"$tmp/want" <<'WEOF'
dtrace: description 'dtrace' matched 3 probes
dtrace: description '2' matched 1 probe
dtrace: description 'BEGIN' matched 1 probe
WEOF
diff -u "$tmp/want" "$tmp/err" || fail=1
exit $fail
