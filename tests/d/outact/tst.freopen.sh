#!/bin/bash
# freopen(fmt, ...) sends all later output to the named file (appending),
# freopen("") back to the original output (-o here); a file that cannot be
# opened is reported as dtrace does and output stays where it was.
# #pragma D option destructive allows it as -w does.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/f.d" <<DEOF
#pragma D option quiet

int i;

BEGIN
{
	printf("before\n");
	freopen("..");
	printf("still the original output\n");
}

tick-10ms
{
	freopen("$tmp/out.%d", i);
	printf("%d\n", i);
}

tick-10ms
/++i == 5/
{
	freopen("");
	printf("back %d\n", i);
	exit(0);
}

END
{
	printf("end\n");
}
DEOF
echo "old line" >"$tmp/out.0"
# on one CPU: records are read CPU by CPU, so actions fired on two CPUs
# (tick-N's thread may migrate) take effect in no guaranteed order, as in
# DTrace, and freopen() would move the wrong records
taskset -c 0 "$DTRACE" -w -s "$tmp/f.d" -o "$tmp/main" 2>"$tmp/err" || { echo "exit status $?"; cat "$tmp/err"; exit 1; }
fail=0
printf 'before\nstill the original output\nback 5\nend\n\n' | diff -u - "$tmp/main" || fail=1
printf 'old line\n0\n' | diff -u - "$tmp/out.0" || fail=1
for i in 1 2 3 4; do
	[ "$(cat "$tmp/out.$i")" = "$i" ] || { echo "out.$i: $(cat "$tmp/out.$i")"; fail=1; }
done
[ ! -e "$tmp/out.5" ] || { echo "out.5 exists"; fail=1; }
echo 'dtrace: error on enabled probe ID 2 (ID 1: dtrace:::BEGIN): couldn'"'"'t freopen() "..": Is a directory' |
    diff -u - "$tmp/err" || fail=1
# the option as a pragma
(echo '#pragma D option destructive'; echo 'BEGIN { freopen("'"$tmp"'/p"); printf("x\n"); exit(0); }') >"$tmp/p.d"
"$DTRACE" -qs "$tmp/p.d" >/dev/null 2>"$tmp/err" || { echo "pragma: exit status $?"; cat "$tmp/err"; fail=1; }
[ "$(cat "$tmp/p")" = x ] || { echo "pragma: $(cat "$tmp/p")"; fail=1; }
exit $fail
