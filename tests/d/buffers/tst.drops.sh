#!/bin/bash
# With a small principal buffer (-b 8k) the output of many BEGIN clauses,
# each recording a long string, cannot all fit before the consumer reads
# the buffer: the excess records are dropped, dtrace reports
# "N drops on CPU 0" on stderr, and tracing carries on (exit status 0).
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
{
	echo "#pragma D option quiet"
	for i in $(seq 1 200); do
		printf 'BEGIN { printf("%%s %%d\\n", "%s", %d); }\n' "$(printf 'x%.0s' $(seq 1 200))" $i
	done
	echo 'tick-100ms { exit(0); }'
} >"$tmp/t.d"
taskset -c 0 "$DTRACE" -b 8k -s "$tmp/t.d" >"$tmp/out" 2>"$tmp/err"
rc=$?
lines=$(grep -c "^x" "$tmp/out")
echo "exit status $rc, $lines of 200 lines printed; stderr:"
cat "$tmp/err"
[ $rc = 0 ] || exit 1
[ "$lines" -gt 0 ] && [ "$lines" -lt 200 ] || exit 1
# exactly one drop report, for CPU 0, with a count that accounts for the
# missing lines
[ "$(grep -c drop "$tmp/err")" = 1 ] || exit 1
n=$(sed -nE 's/^dtrace: ([0-9]+) drops? on CPU 0$/\1/p' "$tmp/err")
[ -n "$n" ] && [ "$n" -gt 0 ] || exit 1
[ $((n + lines)) = 200 ] || exit 1
exit 0
