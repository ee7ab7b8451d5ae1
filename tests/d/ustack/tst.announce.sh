#!/bin/bash
# System-wide (no -c or -p): a process whose stacks are aggregated and
# that exits before the aggregation is printed is still symbolized,
# because the program announced its pid the first time it took its
# stack and dtrace read its mappings then (the process lives 2 s after
# its calls).  With the announcements left out (DTRACE_NOUPID=1) the
# same run prints addresses: the test shows what they do.  (-x
# ustackmode=fp: with DWARF unwinding the consumer unwinds, and so reads
# the mappings, as soon as it reads the record, which the process also
# outlives here.)
. "$TESTDIR/ustack/common.bash"
build_chain upchain
fail() { echo "$1"; cat "$tmp/out"; exit 1; }
run() {
	: >"$tmp/out"	# no "ready" of an earlier run
	"$@" "$DTRACE" -x ustackmode=fp -qn 'BEGIN { printf("ready\n"); }
	    syscall::getppid:entry /execname == "upchain"/ { @[ustack()] = count(); }' >"$tmp/out" 2>&1 &
	local d=$!
	for ((i = 0; i < 100; i++)); do
		grep -q ready "$tmp/out" && break
		sleep 0.1
	done
	"$tmp/upchain" 3 2
	kill -INT $d
	wait $d || fail "dtrace failed"
}
run env
[ "$(frames_of upchain <"$tmp/out" | tr '\n' ' ')" = "c b a main " ] || fail "not symbolized"
grep -q '^ \{16\}3$' "$tmp/out" || fail "count"
run env DTRACE_NOUPID=1
[ "$(grep -c '^ *0x[0-9a-f]*$' "$tmp/out")" -ge 4 ] || fail "symbolized without the announcements?"
exit 0
