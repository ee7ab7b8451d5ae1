#!/bin/bash
# Processes found at start that run the same object each fire with their
# own probe's ID under a glob enabling (usdtprog*:::work), as in DTrace,
# where each process has its own provider: the lowest probe of the site
# is attached for any process (so that later processes fire), the
# others (followers) are linked with their pids and switched to before
# tracing starts, and the object's probe skips them.  No firing counts
# twice (arg0 is the iteration), and a process started later still
# fires all of its 20 iterations.
. "$TESTDIR/usdt/common.bash"
build_usdt p -O2
start_waiting "$tmp/p" 0 10
apid=$wpid
start_waiting "$tmp/p" 0 10
bpid=$wpid
trap 'kill $apid $bpid $lpid 2>/dev/null; [ -n "$dpid" ] && kill $dpid 2>/dev/null; wait 2>/dev/null; rm -rf "$tmp"' EXIT
dtrace_start 'usdtprog*:::work { @c[pid, arg0] = count(); @i[probeprov, pid, id] = count(); }
    END { printa("C %d %d %@d\n", @c); printa("I %s %d %d %@d\n", @i); }'
"$tmp/p" 20 10 >"$tmp/later.out" 2>&1 &
lpid=$!
later=$lpid
wait $lpid || fail "the later program failed"
lpid=
sleep 0.2
dtrace_gone INT
wait $dpid || fail "dtrace failed: $(cat "$tmp/err")"
dpid=
# no iteration of any process fired twice
awk '$1 == "C" && $4 != 1 { print; bad = 1 } END { exit bad }' "$tmp/out" ||
    fail "firings counted twice"
# each process found at start: one ID, its own, probeprov its own
ida=$(awk -v p=$apid '$1 == "I" && $3 == p { print $4 }' "$tmp/out")
idb=$(awk -v p=$bpid '$1 == "I" && $3 == p { print $4 }' "$tmp/out")
[ "$(wc -w <<<"$ida")" = 1 ] || fail "process $apid fired with IDs '$ida', not one"
[ "$(wc -w <<<"$idb")" = 1 ] || fail "process $bpid fired with IDs '$idb', not one"
[ "$ida" != "$idb" ] || fail "both processes found at start fired with probe ID $ida"
awk '$1 == "I" && $2 != "usdtprog" $3 { print; bad = 1 } END { exit bad }' "$tmp/out" ||
    fail "probeprov not the firing process's"
# the later process: every iteration, once
n=$(awk -v p=$later '$1 == "C" && $2 == p { n++ } END { print n + 0 }' "$tmp/out")
[ "$n" = 20 ] || fail "the later process fired $n times, not 20"
exit 0
