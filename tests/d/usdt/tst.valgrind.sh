#!/bin/bash
# The usdt provider's consumer side is leak- and error-free under
# valgrind with a glob over every process: a process found at start (the
# object's probe attached for any process), a later process running that
# object which gets probes of its own and then execs the same program
# again (its own probes moved on to the new image), and one running
# another build of it (an object read while tracing, its probes made and
# loaded then).  The traced programs run natively: a process run under
# valgrind dies of the glob's uprobe on ld.so (README).
. "$TESTDIR/usdt/common.bash"
command -v valgrind >/dev/null || { echo "valgrind missing"; exit 1; }
supp="$TESTDIR/../valgrind.supp"
build_usdt a -O2
build_usdt b -O0
start_waiting "$tmp/a" 0 100
apid=$wpid
trap 'kill $apid $bpid $cpid 2>/dev/null; [ -n "$dpid" ] && kill -9 $dpid 2>/dev/null; wait 2>/dev/null; rm -rf "$tmp"' EXIT
valgrind --error-exitcode=9 --leak-check=full --errors-for-leak-kinds=definite \
    --suppressions="$supp" --log-file="$tmp/vg" "$DTRACE" \
    -qn 'usdtprog*:::work { @[pid, id] = count(); }' \
    -n 'BEGIN { printf("ready\n"); }' -o "$tmp/out" 2>"$tmp/err" &
dpid=$!
for ((i = 0; i < 600; i++)); do
	[ -f "$tmp/out" ] && grep -q ready "$tmp/out" && break
	kill -0 $dpid 2>/dev/null || fail "dtrace exited: $(cat "$tmp/err" "$tmp/vg")"
	sleep 0.1
done
grep -q ready "$tmp/out" || fail "dtrace did not start"
"$tmp/a" 150 10 "$tmp/a" 0 10 >/dev/null 2>&1 &
bpid=$!
"$tmp/b" 0 10 >/dev/null 2>&1 &
cpid=$!
sleep 4
kill -INT $dpid
wait $dpid
rc=$?
dpid=
[ $rc = 0 ] || fail "valgrind exit $rc: $(grep -A12 'ERROR SUMMARY\|Invalid\|uninit\|definitely' "$tmp/vg" | head -40)"
grep -q "All heap blocks were freed\|definitely lost: 0 bytes" "$tmp/vg" || fail "leaks: $(grep -A5 'LEAK SUMMARY' "$tmp/vg")"
# every process traced, the later ones with probe IDs of their own
for p in $apid $bpid $cpid; do
	grep -q "^ *$p  " "$tmp/out" || fail "process $p not traced"
done
ids=$(awk '$1 ~ /^[0-9]+$/ && NF == 3 { print $2 }' "$tmp/out" | sort -u | wc -l)
[ "$ids" -ge 3 ] || fail "$ids probe IDs: $(cat "$tmp/out")"
exit 0
