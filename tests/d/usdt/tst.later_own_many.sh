#!/bin/bash
# Many later processes running an object already attached for any
# process (a leader's), started together: each gets probes of its own,
# with IDs of their own, once dtrace has read its exec, however the watch's
# fork and exec records of it fall into dtrace's reads.  (A fork record
# read in one wake-up whose scan found the new image already, and the
# exec record read at the next, took a process out of the own-pids map
# for good: its firings stayed with the object's probe ID.)
. "$TESTDIR/usdt/common.bash"
build_usdt a -O2
start_waiting "$tmp/a" 0 200
apid=$wpid
pids=()
trap 'kill $apid "${pids[@]}" 2>/dev/null; [ -n "$dpid" ] && kill -9 $dpid 2>/dev/null; wait 2>/dev/null; rm -rf "$tmp"' EXIT
dtrace_start 'usdtprog*:::work { printf("%d %d\n", id, pid); }'
aid=
for ((i = 0; i < 300 && !aid; i++)); do
	aid=$(awk -v p=$apid '$2 == p { print $1; exit }' "$tmp/out")
	[ -n "$aid" ] || sleep 0.1
done
[ -n "$aid" ] || fail "the first process not traced"
# three rounds of eight, each round started at once
for ((r = 0; r < 3; r++)); do
	for ((k = 0; k < 8; k++)); do
		"$tmp/a" 0 5 >/dev/null 2>&1 &
		pids+=($!)
	done
	sleep 0.3
done
# the pids without a firing of a probe of their own
missing() {
	awk -v aid=$aid '$1 != aid { own[$2] = 1 } END { for (p in own) print p }' "$tmp/out" |
	    sort >"$tmp/own"
	printf '%s\n' "${pids[@]}" | sort | comm -23 - "$tmp/own"
}
for ((i = 0; i < 300; i++)); do
	[ -z "$(missing)" ] && break
	kill -0 $dpid 2>/dev/null || fail "dtrace exited"
	sleep 0.1
done
left=$(missing | tr '\n' ' ')
[ -z "$left" ] || fail "later processes firing only through the object's probe ($aid) after 30 s: $left"
dtrace_gone TERM
exit 0
