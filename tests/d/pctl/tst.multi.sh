#!/bin/bash
# Several -p and -c together, as in DTrace: each is grabbed or created in
# order, $target is the first, every one is reported when it exits, and
# tracing ends (END runs) when the last one has.
. "$TESTDIR/pctl/common.bash"
build_pctl
sleep 2 & s1=$!
sleep 2.5 & s2=$!
"$DTRACE" -n 'BEGIN { printf("target %d", $target); } END { trace("end"); }' \
    -p $s1 -c "$tmp/pctl_prog loop 20" -p $s2 >"$tmp/out" 2>"$tmp/err"
rc=$?
cat "$tmp/out" "$tmp/err"
[ $rc = 0 ] || { echo "exit status $rc"; exit 1; }
grep -q "target $s1\$" "$tmp/out" || { echo "\$target is not the first -p"; exit 1; }
grep -q end "$tmp/out" || { echo "no END"; exit 1; }
[ "$(grep -c 'has exited' "$tmp/err")" = 3 ] || { echo "exits"; exit 1; }
[ "$(tail -n 1 "$tmp/err")" = "dtrace: pid $s2 has exited" ] || { echo "last"; exit 1; }
exit 0
