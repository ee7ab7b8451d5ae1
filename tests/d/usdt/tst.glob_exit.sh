#!/bin/bash
# A glob enabling (usdtprog*:::work) over processes that come and go: a
# process the glob matched that exits before its uprobes are linked is
# left out, and dtrace starts (an explicit usdtprog$pid keeps the error).
# Short-lived copies of the program are started in a loop while dtrace
# enables the glob a few times; one long-lived copy is always there.
. "$TESTDIR/usdt/common.bash"
build_usdt p -O2
start_waiting "$tmp/p" 0 20
loop() {
	while :; do
		"$tmp/p" 2 5 >/dev/null 2>&1 &
		sleep 0.005
	done
}
loop &
lpid=$!
trap 'kill $lpid $wpid 2>/dev/null; wait 2>/dev/null; rm -rf "$tmp"' EXIT
for ((r = 0; r < 6; r++)); do
	timeout -s KILL 30 "$DTRACE" -qn 'usdtprog*:::work { @ = count(); }' \
	    -n 'BEGIN { exit(0); }' >"$tmp/out" 2>"$tmp/err" || fail "run $r failed"
	grep -q 'has exited' "$tmp/err" && fail "run $r: a glob's exited process was an error"
done
kill $lpid
wait $lpid 2>/dev/null
# an explicit provider naming an exited process stays an error
"$tmp/p" 1 1 >/dev/null 2>&1 &
gone=$!
wait $gone
"$DTRACE" -qn "usdtprog$gone:::work {}" -n 'BEGIN { exit(0); }' >"$tmp/out" 2>"$tmp/err" &&
    fail "usdtprog$gone of an exited process enabled"
exit 0
