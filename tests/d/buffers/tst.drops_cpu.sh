#!/bin/bash
# Drops are counted and reported per CPU, and go away with a bigger buffer
# and a faster switch rate.  A workload pinned to one CPU (CPU 1 when there
# is one) makes 5000 getppid() calls in a burst at real-time priority,
# sharing the CPU with dtrace, so the consumer cannot read during the
# burst whatever the machine's speed: with -b 1k (one page of ring) most
# records are refused, each one counted, and "N drops on CPU 1" accounts
# for every call not printed; with -b 1m and switchrate=100hz every call
# is printed and nothing is dropped.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$TESTDIR/progs/build.bash"
build_prog burst
cpu=0
[ "$(nproc)" -gt 1 ] && cpu=1
cat >"$tmp/d.d" <<'DEOF'
#pragma D option quiet

syscall::getppid:entry
/pid == $target/
{
	printf("%d\n", n++);
}
DEOF
run() {
	taskset -c $cpu "$DTRACE" "$@" -s "$tmp/d.d" -c "chrt -f 50 $tmp/burst 5000@$cpu" \
	    >"$tmp/out" 2>"$tmp/err"
}

run -b 1k
rc=$?
lines=$(grep -c . "$tmp/out")
echo "-b 1k: exit status $rc, $lines of 5000 calls printed; stderr:"
cat "$tmp/err"
[ $rc = 0 ] || exit 1
[ "$(wc -l <"$tmp/err")" = 1 ] || exit 1
n=$(sed -nE "s/^dtrace: ([0-9]+) drops on CPU $cpu\$/\\1/p" "$tmp/err")
[ -n "$n" ] && [ "$lines" -gt 0 ] && [ $((n + lines)) = 5000 ] || exit 1
# what was kept is the start of the burst, in order
seq 0 $((lines - 1)) | diff -q - <(grep . "$tmp/out") >/dev/null || exit 1

run -b 1m -x switchrate=100hz
rc=$?
echo "-b 1m: exit status $rc, $(grep -c . "$tmp/out") of 5000 calls printed; stderr:"
cat "$tmp/err"
[ $rc = 0 ] && [ ! -s "$tmp/err" ] || exit 1
{ seq 0 4999; echo; } | diff -u - "$tmp/out" >/dev/null || exit 1
exit 0
