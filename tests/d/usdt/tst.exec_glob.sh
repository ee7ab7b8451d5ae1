#!/bin/bash
# A process found at start that a glob enabling (usdtprog*:::work)
# traces, and that later exec's the same program again, goes on firing
# with the probe ID it had (its own: a follower of the object's first
# process), not with the first process's, once dtrace has read its exec:
# its probes are its pid's in the object, whatever image maps it.  Both
# processes run on one CPU, so that its records come in order.
. "$TESTDIR/usdt/common.bash"
build_usdt a -O2
taskset -c 0 "$tmp/a" 0 200 >"$tmp/lead.out" 2>&1 &
lpid=$!
start_waiting taskset -c 0 "$tmp/a" 100 10 "$tmp/a" 0 10
fpid=$wpid
trap 'kill $lpid $fpid 2>/dev/null; [ -n "$dpid" ] && kill -9 $dpid 2>/dev/null; wait 2>/dev/null; rm -rf "$tmp"' EXIT
dtrace_start 'usdtprog*:::work { printf("%d %d %d\n", id, pid, arg0); }'
# the exec, then two seconds of the new image
for ((i = 0; i < 100; i++)); do
	[ "$(grep -c ready "$tmp/prog.out")" = 2 ] && break
	sleep 0.1
done
[ "$(grep -c ready "$tmp/prog.out")" = 2 ] || fail "no exec"
sleep 2
dtrace_gone TERM
# the follower's firings: before the exec (arg0 rising), after it
# (arg0 starting again)
awk -v p=$fpid '$2 == p { if (n && $3 < last) after = 1; last = $3; n++
	print (after ? "after" : "before"), $1 }' "$tmp/out" | sort | uniq -c >"$tmp/ids"
lid=$(awk -v p=$lpid '$2 == p { print $1; exit }' "$tmp/out")
[ -n "$lid" ] || fail "the first process not traced"
before=$(awk '$2 == "before" { print $3 }' "$tmp/ids")
after=$(awk '$2 == "after" { print $3 }' "$tmp/ids")
[ "$(echo "$before" | wc -w)" = 1 ] || fail "IDs before the exec: $before"
[ "$before" != "$lid" ] || fail "the follower fired with the first process's ID $lid"
[ -n "$after" ] || fail "no firing after the exec: $(cat "$tmp/ids")"
[ "$after" = "$before" ] || fail "IDs after the exec: $(echo $after) (before: $before, the first process's: $lid)"
[ "$(awk '$2 == "after" { print $1 }' "$tmp/ids")" -ge 100 ] || fail "few firings after the exec: $(cat "$tmp/ids")"
exit 0
