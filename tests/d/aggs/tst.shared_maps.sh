#!/bin/bash
# Aggregations in shared maps (rt/aggshare.c) behave as in their own: the
# D tests of aggregations, run with DTRACE_AGGSHARE=1 (every aggregation's
# map shared by kind, as a program past the map budget has them), print
# exactly what they expect.  Among them: clear() and trunc() (with and
# without a count) of aggregations sharing a map with others, printa() of
# several, normalize()/denormalize(), keyless ones in one array, sym()
# keys merged, the sorting options and setopt().
fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
export DTRACE_AGGSHARE=1
n=0
for t in "$TESTDIR"/aggs/tst.*.d "$TESTDIR"/symbols/tst.aggkey.d; do
	[ -f "$t.out" ] || continue
	args="" ops="" want=0
	[ -f "$t.args" ] && args=$(cat "$t.args")
	[ -f "$t.operands" ] && ops=$(cat "$t.operands")
	[ -f "$t.exit" ] && want=$(cat "$t.exit")
	(cd "$(dirname "$t")" && eval timeout -s INT 60 taskset -c 0 "$DTRACE" $args -s "$(basename "$t")" $ops) \
	    >"$tmp/out" 2>"$tmp/err" </dev/null
	rc=$?
	n=$((n + 1))
	if [ $rc != "$want" ] || ! diff -u "$t.out" "$tmp/out" >"$tmp/diff"; then
		echo "$(basename "$t"): exit status $rc (expected $want)"
		head -20 "$tmp/diff"; head -5 "$tmp/err"
		fail=1
	fi
done
[ $n -ge 15 ] || { echo "only $n tests ran"; fail=1; }
exit $fail
