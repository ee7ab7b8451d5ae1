#!/bin/bash
# A probe with more clauses than one BPF program holds (cg/prog.c,
# GEN_FAR): its program is split into parts that tail-call each other,
# and every clause runs once per firing, in order, as in one program.
#  - 10,000 predicated printf() clauses on tick-1ms (more pending branches
#    than the verifier follows in one program): each prints its number
#    exactly 3 times;
#  - 10,000 BEGIN clauses (more instructions than a jump spans): exit()
#    in clause 7,000 stops the rest, and a clause in a later part that
#    divides by zero runs the ERROR clause and the firing goes on;
#  - 10,000 clauses on syscall::getppid:entry, with every syscall entry
#    enabled so that the raw dispatcher tail-calls the probe's program
#    (itself the head of a chain): each counts every call of the target;
#  - a small script stays one program.
# -S lists the parts.  Nothing is left loaded after the run.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$TESTDIR/progs/build.bash"
build_prog sysload
fail=0

parts() {	# script: the number of parts of its largest program
	"$DTRACE" -e -S -qs "$1" 2>&1 | grep -c '^Disassembly of .*, part [0-9]*:$'
}

{
	echo 'int n;'
	for i in $(seq 10000); do
		printf 'tick-1ms /n < 3/ { printf("%%d\\n", %d); }\n' "$i"
	done
	echo 'tick-1ms { n++; } tick-1ms /n == 3/ { exit(0); }'
} >"$tmp/ticks.d"
[ "$(parts "$tmp/ticks.d")" -gt 1 ] || { echo "ticks: not split"; fail=1; }
timeout -s KILL 100 "$DTRACE" -qs "$tmp/ticks.d" >"$tmp/ticks.out" 2>"$tmp/ticks.err" ||
    { echo "ticks: $(cat "$tmp/ticks.err")"; fail=1; }
want=$(seq 10000 | sed 's/.*/3 &/')
got=$(grep . "$tmp/ticks.out" | sort -n | uniq -c | awk '{ print $1, $2 }')
[ "$got" = "$want" ] || { echo "ticks: counts differ"; diff <(echo "$want") <(echo "$got") | head; fail=1; }

{
	echo 'int n, z;'
	for i in $(seq 10000); do
		[ "$i" = 7000 ] && echo 'BEGIN { exit(0); }'
		if [ "$i" = 6000 ]; then
			echo 'BEGIN { n++; x = 1 / z; }'
		else
			echo 'BEGIN { n++; }'
		fi
	done
	echo 'ERROR { e++; } END { printf("%d %d\n", n, e); }'
} >"$tmp/begin.d"
[ "$(parts "$tmp/begin.d")" -gt 1 ] || { echo "begin: not split"; fail=1; }
timeout -s KILL 100 "$DTRACE" -qs "$tmp/begin.d" >"$tmp/begin.out" 2>"$tmp/begin.err"
rc=$?
[ $rc = 0 ] || { echo "begin: exit status $rc"; fail=1; }
[ "$(grep . "$tmp/begin.out")" = "6999 1" ] || { echo "begin: $(cat "$tmp/begin.out")"; fail=1; }
grep -q 'divide-by-zero' "$tmp/begin.err" || { echo "begin: stderr: $(cat "$tmp/begin.err")"; fail=1; }

{
	echo 'syscall:::entry /0/ {}'
	for i in $(seq 10000); do
		printf 'syscall::getppid:entry /pid == $target/ { n%d++; }\n' $((i % 4))
	done
	echo 'END { printf("%d %d %d %d\n", n0, n1, n2, n3); }'
} >"$tmp/sys.d"
[ "$(parts "$tmp/sys.d")" -gt 1 ] || { echo "sys: not split"; fail=1; }
timeout -s KILL 100 "$DTRACE" -qs "$tmp/sys.d" -c "$tmp/sysload 5" >"$tmp/sys.out" 2>"$tmp/sys.err" ||
    { echo "sys: $(cat "$tmp/sys.err")"; fail=1; }
# each clause counts sysload's 5 calls: 2,500 clauses per variable
[ "$(grep -v '^$' "$tmp/sys.out")" = "12500 12500 12500 12500" ] ||
    { echo "sys: $(cat "$tmp/sys.out")"; fail=1; }

echo 'BEGIN { trace(1); } BEGIN { exit(0); }' >"$tmp/small.d"
[ "$(parts "$tmp/small.d")" = 0 ] || { echo "small: split"; fail=1; }

exit $fail
