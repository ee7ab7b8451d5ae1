#!/bin/bash
# A process traced with -p that exits: its probes fired while it ran,
# and dtrace says "dtrace: pid N has exited" and ends (as with pid).
. "$TESTDIR/usdt/common.bash"
build_usdt p -O2
start_waiting "$tmp/p" 200 10
trap 'kill $wpid 2>/dev/null; rm -rf "$tmp"' EXIT
timeout -s KILL 30 "$DTRACE" -n 'usdtprog$target:::args-three { @ = count(); }' \
    -p $wpid >"$tmp/out" 2>"$tmp/err" || fail "dtrace failed"
grep -qx "dtrace: pid $wpid has exited" "$tmp/err" || fail "no exit message"
[ "$(grep -c . "$tmp/out")" -gt 0 ] && [ "$(tr -d " \n" <"$tmp/out")" -gt 0 ] || fail "args-three never fired"
exit 0
