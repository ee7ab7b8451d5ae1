#!/bin/bash
# A record carries only the bytes its strings hold (cg/strtail.c), not
# strsize for each: 80 BEGIN clauses, each printf()ing a short string and
# an integer with the default strsize (256), all fit in a 4 KiB principal
# buffer before the consumer reads it (40 bytes each with perf's header;
# at 257 bytes a string, 14 would fit and the rest would be drops).  Under
# the ring policy, a 2 KiB buffer keeps the last 127 of 150 such records
# (16 bytes each, and exit()'s), where at strsize bytes a record it kept 7.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
{
	echo "#pragma D option quiet"
	for i in $(seq 1 80); do
		printf 'BEGIN { printf("%%s %%d\\n", "ab", %d); }\n' $i
	done
	echo 'tick-100ms { exit(0); }'
} >"$tmp/t.d"
taskset -c 0 "$DTRACE" -b 4k -s "$tmp/t.d" >"$tmp/out" 2>"$tmp/err"
rc=$?
lines=$(grep -c "^ab " "$tmp/out")
echo "switch: exit status $rc, $lines of 80 lines printed; stderr:"
cat "$tmp/err"
[ $rc = 0 ] && [ "$lines" = 80 ] && ! grep -q drop "$tmp/err" || exit 1
[ "$(sed -n '80p' "$tmp/out")" = "ab 80" ] || exit 1

# ring: the newest records whose sizes add up to at most 2 KiB
{
	echo "#pragma D option quiet"
	for i in $(seq 1 150); do
		printf 'BEGIN { printf("%%s\\n", "r%d"); }\n' $i
	done
	echo 'BEGIN { exit(0); }'
} >"$tmp/r.d"
taskset -c 0 "$DTRACE" -x bufpolicy=ring -b 2k -s "$tmp/r.d" >"$tmp/out" 2>"$tmp/err"
rc=$?
lines=$(grep -c "^r" "$tmp/out")
first=$(grep -m1 "^r" "$tmp/out"); last=$(grep "^r" "$tmp/out" | tail -1)
echo "ring: exit status $rc, $lines of 150 lines printed, first $first, last $last; stderr:"
cat "$tmp/err"
[ $rc = 0 ] || exit 1
# 2048 / 16 = 128 records: exit()'s and 127 strings (r24 .. r150)
[ "$lines" = 127 ] && [ "$first" = r24 ] && [ "$last" = r150 ] || exit 1
exit 0
