#!/bin/bash
# Speculative records lost to a full principal buffer: the commit, read
# later, counts records that never arrive.  Those that did are printed, in
# order, when the consumer has read every buffer since the commit, and the
# loss is reported as drops.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
{
	echo "#pragma D option quiet"
	echo "#pragma D option specsize=1m"
	echo "BEGIN { s = speculation(); }"
	x=$(printf 'x%.0s' $(seq 1 200))
	for i in $(seq 1 30); do
		printf 'BEGIN { speculate(s); printf("%%s %%d %%s %%s\\n", "%s", %d, "%s", "%s"); }\n' \
		    "$x" $i "$x" "$x"
	done
	echo 'tick-100ms { commit(s); }'
	echo 'tick-100ms { exit(0); }'
} >"$tmp/t.d"
taskset -c 0 "$DTRACE" -b 8k -s "$tmp/t.d" >"$tmp/out" 2>"$tmp/err"
rc=$?
lines=$(grep -c "^x" "$tmp/out")
echo "exit status $rc, $lines of 30 lines printed; stderr:"
cat "$tmp/err"
[ $rc = 0 ] || exit 1
[ "$lines" -gt 0 ] && [ "$lines" -lt 30 ] || exit 1
# in the order traced
awk '/^x/ { print $2 }' "$tmp/out" | sort -n -c || exit 1
n=$(sed -nE 's/^dtrace: ([0-9]+) drops? on CPU 0$/\1/p' "$tmp/err")
[ -n "$n" ] && [ $((n + lines)) = 30 ] || exit 1
exit 0
