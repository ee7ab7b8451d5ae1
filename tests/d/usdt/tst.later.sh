#!/bin/bash
# A glob enabling (usdtprog*:::work) applies to a process started after
# dtrace: its probe fires there, and its semaphore is raised there too
# (the program counts the iterations that found work enabled).  The same
# program named by pid (usdtprog$PID) traces that process only.  probeprov
# there is usdtprog and the later process's ID.
. "$TESTDIR/usdt/common.bash"
build_usdt p -O2
start_waiting "$tmp/p" 0 10
trap 'kill $wpid $dpid 2>/dev/null; wait 2>/dev/null; rm -rf "$tmp"' EXIT
# run_later SCRIPT: dtrace -q SCRIPT while a new copy of the program does
# 20 iterations; its pid in $lpid, its "enabled K" in $tmp/later.out,
# dtrace's output in $tmp/out
run_later() {
	rm -f "$tmp/out"	# -o appends
	"$DTRACE" -qn "$1" -n 'BEGIN { printf("ready\n"); }' -o "$tmp/out" 2>"$tmp/err" &
	dpid=$!
	for ((i = 0; i < 600; i++)); do
		grep -q ready "$tmp/out" 2>/dev/null && break
		kill -0 $dpid 2>/dev/null || fail "dtrace exited"
		sleep 0.1
	done
	"$tmp/p" 20 10 >"$tmp/later.out" 2>&1 &
	lpid=$!
	wait $lpid || fail "the later program failed"
	kill -INT $dpid
	wait $dpid || fail "dtrace failed"
	dpid=
}
run_later 'usdtprog*:::work { @[pid] = count(); }'
grep -q '^enabled 20$' "$tmp/later.out" || fail "semaphore not raised in the later process: $(cat "$tmp/later.out")"
awk -v p=$lpid '$1 == p { print $2 }' "$tmp/out" | grep -qx 20 || fail "later process not traced 20 times"
awk -v p=$wpid '$1 == p && $2 > 0 { ok = 1 } END { exit !ok }' "$tmp/out" || fail "first process not traced"
# probeprov names the process the probe fired in, not the first one's
run_later 'usdtprog*:::work { @[probeprov, pid] = count(); }'
awk -v l=$lpid 'NF == 3 && $1 != "usdtprog" $2 { bad = 1 } $2 == l && $3 == 20 { later = 1 }
	END { exit bad || !later }' \
	"$tmp/out" || fail "probeprov not the firing process's: $(cat "$tmp/out")"
run_later "usdtprog$wpid:::work { @[pid] = count(); }"
grep -q '^enabled 0$' "$tmp/later.out" || fail "semaphore raised in an untraced process: $(cat "$tmp/later.out")"
awk -v p=$lpid '$1 == p { bad = 1 } END { exit bad }' "$tmp/out" || fail "a process not named was traced"
exit 0
