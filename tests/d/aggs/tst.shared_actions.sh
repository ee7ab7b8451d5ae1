#!/bin/bash
# clear(), trunc() (with a count and without), printa() of several,
# normalize() and denormalize() on aggregations that share maps
# (DTRACE_AGGSHARE=1: @a and @b one hash, @c, @d and @e one array, @x and
# @y another hash) touch only their own entries and print exactly what
# aggregations in maps of their own print.  Drops: a full shared map is
# counted and reported as a full map of one's own (the shared map holds
# the sum of its members' entries: with aggsize=1, one each, 101 inserts
# into two members' maps drop 99 either way; which keys stay may differ,
# as the room is pooled).
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
cat >"$tmp/act.d" <<'D'
#pragma D option quiet
#pragma D option aggsortkey
BEGIN
{
	@a[1] = sum(10); @a[2] = sum(20); @a[3] = sum(30); @a[4] = sum(40);
	@b[1] = sum(1); @b[2] = sum(2); @b[5] = sum(5);
	@c = count(); @d = count(); @d = count(); @e = count();
	@x["k", 1] = max(7); @y["k", 1] = max(9);
	trunc(@a, 2);
	printa("a %d %@d\n", @a);
	printa("b %d %@d\n", @b);
	clear(@b);
	printa("ab %d %@d %@d\n", @a, @b);
	normalize(@a, 10);
	printa("an %d %@d\n", @a);
	denormalize(@a);
	printa("ad %d %@d\n", @a);
	trunc(@c);
	printa("c %@d\n", @c);
	printa("d %@d\n", @d);
	clear(@e);
	printa("e %@d\n", @e);
	trunc(@x);
	printa("x %s %d %@d\n", @x);
	printa("y %s %d %@d\n", @y);
	exit(0);
}
D
cat >"$tmp/want" <<'W'
a 3 30
a 4 40
b 1 1
b 2 2
b 5 5
ab 1 0 0
ab 2 0 0
ab 3 30 0
ab 4 40 0
ab 5 0 0
an 3 3
an 4 4
ad 3 30
ad 4 40
d 2
e 0
y k 1 9

W
for share in 0 1; do
	DTRACE_AGGSHARE=$share "$DTRACE" -s "$tmp/act.d" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	[ $rc = 0 ] || { echo "share=$share: exit status $rc: $(cat "$tmp/err")"; fail=1; }
	diff -u "$tmp/want" "$tmp/out" || { echo "share=$share: output differs"; fail=1; }
done

{
	echo 'BEGIN {'
	for i in $(seq 100); do echo "@a[$i] = count();"; done
	echo '@b[1] = count(); exit(0); }'
} >"$tmp/drop.d"
for share in 0 1; do
	DTRACE_AGGSHARE=$share taskset -c 0 "$DTRACE" -x aggsize=1 -qs "$tmp/drop.d" \
	    >"$tmp/out" 2>"$tmp/err"
	grep -qx 'dtrace: 99 aggregation drops on CPU 0' "$tmp/err" ||
	    { echo "share=$share: drops: $(cat "$tmp/err")"; fail=1; }
done
exit $fail
