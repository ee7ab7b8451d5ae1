#!/bin/bash
# A cpudist-style script: how long a thread stays on a CPU (on-cpu to
# off-cpu) and off it (off-cpu to on-cpu), as quantize() distributions,
# for the child of progs/sched_pingpong.c (20 rounds).  Each round it
# sleeps twice (its read waits out the other side's 5 ms nap, then it
# naps 5 ms itself), so at least 40 off-CPU times are of 1 ms or more,
# in the power-of-two rows from 1048576 ns up; and it never stays on a CPU
# for a whole second.  The output is dtrace's: a heading per key, the
# "value  ---- Distribution ---- count" line, rows of value, bar, count.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$TESTDIR/progs/build.bash"
build_prog sched_pingpong
cat >"$tmp/s.d" <<'SEOF'
self uint64_t on, off;

sched:::on-cpu
/pid != $target && progenyof($target)/
{
	self->on = timestamp;
	@["off-cpu (ns)"] = quantize(self->off ? timestamp - self->off : 0);
}

sched:::off-cpu
/self->on/
{
	@["on-cpu (ns)"] = quantize(timestamp - self->on);
	self->on = 0;
	self->off = timestamp;
}
SEOF
"$DTRACE" -q -s "$tmp/s.d" -c "$tmp/sched_pingpong 20" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] || { echo "exit status $rc"; cat "$tmp/err"; exit 1; }
awk '
/^  [a-z-]+ \(ns\) *$/ { key = $1; keys++; next }
/^ +value +-+ Distribution -+ +count *$/ { heads++; next }
/^ +-?[0-9]+ \|[@ ]+ [0-9]+ *$/ {
	n[key] += $NF
	if (key == "off-cpu" && $1 >= 1048576) long += $NF
	if (key == "on-cpu" && $1 >= 1000000000) huge += $NF
	rows++; next
}
/^$/ { next }
{ print "unexpected line: [" $0 "]"; bad = 1 }
END {
	if (keys != 2 || heads != 2) { print "keys " keys ", headings " heads; bad = 1 }
	if (n["on-cpu"] < 40 || n["off-cpu"] < 40) { print "counts " n["on-cpu"] ", " n["off-cpu"]; bad = 1 }
	if (long < 40) { print "off-cpu times of 1 ms or more: " long; bad = 1 }
	if (huge) { print "on-cpu times of a second or more: " huge; bad = 1 }
	exit bad
}' "$tmp/out" || { cat "$tmp/out"; exit 1; }
