#!/usr/bin/env bash
# The consumer's aggregation work (snapshots, merges, printa with and
# without formats, trunc, clear, normalize, exit printing, drop reports)
# is leak- and error-free under valgrind.
command -v valgrind >/dev/null || { echo "valgrind missing"; exit 1; }
supp="$TESTDIR/../valgrind.supp"
vg() {
	valgrind --error-exitcode=9 --leak-check=full --errors-for-leak-kinds=definite \
		--suppressions="$supp" "$DTRACE" "$@" 2>&1
}
out=$(vg -q -s "$TESTDIR/aggs/tst.printa.d")
rc=$?
[ $rc -eq 0 ] || { echo "$out" | tail -n 30; echo "valgrind exit $rc"; exit 1; }
echo "$out" | grep -q "All heap blocks were freed" || { echo "$out" | tail -n 20; exit 1; }
out=$(vg -x aggsize=1k -qn '
	tick-1ms { @c[i++] = count(); @q = quantize(i); @l = llquantize(i, 10, 0, 3, 10); @s = stddev(i); }
	tick-100ms { exit(0); }')
rc=$?
[ $rc -eq 0 ] || { echo "$out" | tail -n 30; echo "valgrind exit $rc"; exit 1; }
echo "$out" | grep -q "All heap blocks were freed" || { echo "$out" | tail -n 20; exit 1; }
echo "$out" | grep -q "aggregation drops\? on CPU" || { echo "no drop report"; exit 1; }
# joined printa() with and without a format, %@ tables, aggpercpu, the
# sorting options and setopt() (its refusal message too)
out=$(vg -x aggpercpu -x aggsortkey -qn '
	BEGIN {
		@a["x"] = count(); @b["y"] = sum(2); @q["x"] = quantize(3); @m["z"] = min(4);
		printa(@a, @b); printa("%s %@d %@d\n", @a, @b); printa("%s %@d\n", @q);
		setopt("aggsortrev"); setopt("bufsize", "1m"); setopt("aggsortpos", "1");
		printa(@a, @b);
		exit(0);
	}')
rc=$?
[ $rc -eq 0 ] || { echo "$out" | tail -n 30; echo "valgrind exit $rc"; exit 1; }
echo "$out" | grep -q "All heap blocks were freed" || { echo "$out" | tail -n 20; exit 1; }
echo "$out" | grep -q 'couldn.t set option "bufsize"' || { echo "no setopt refusal"; exit 1; }
echo "$out" | grep -q '\[CPU 0\]' || { echo "no per-CPU rows"; exit 1; }
