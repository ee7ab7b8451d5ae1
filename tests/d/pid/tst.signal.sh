#!/bin/bash
# A traced process killed by a signal while its pid probes are armed:
# dtrace notices its target is gone, ends by itself (END runs, the
# aggregation is printed) and leaves no link behind.
. "$TESTDIR/pid/common.bash"
build_pid p
start_waiting "$tmp/p" 100000 forever
"$DTRACE" -qn 'pid$target:a.out:pid_add:entry { @n = count(); }
    END { printa("calls %@d\n", @n); }' -p $wpid >"$tmp/out" 2>"$tmp/err" &
d=$!
for ((i = 0; i < 100; i++)); do
	grep -q uprobe_multi /proc/$d/fdinfo/* 2>/dev/null && break
	sleep 0.05
done
ids=$(grep -l uprobe_multi /proc/$d/fdinfo/* 2>/dev/null | xargs awk '/^link_id:/ { print $2 }')
[ -n "$ids" ] || fail "not armed"
sleep 0.3
kill -KILL $wpid
for ((i = 0; i < 100; i++)); do
	kill -0 $d 2>/dev/null || break
	sleep 0.05
done
kill -0 $d 2>/dev/null && { kill -9 $d; fail "dtrace did not end with its target"; }
wait $d || fail "dtrace failed"
grep -q '^calls [1-9]' "$tmp/out" || fail "END's output"
for id in $ids; do
	bpftool link show id "$id" >/dev/null 2>&1 && fail "link $id left"
done
exit 0
