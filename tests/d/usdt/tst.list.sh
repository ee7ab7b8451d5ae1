#!/bin/bash
# Listing: provider$target (-c) and provider* globs (-P, -n) list the
# probes of the running processes with pid-suffixed provider names, one
# probe for a name with two sites; an object without notes, or a
# provider no process has, matches no probes.
. "$TESTDIR/usdt/common.bash"
build_usdt p -O2
"$DTRACE" -l -n 'usdtprog$target:::' -c "$tmp/p 1" >"$tmp/out" 2>"$tmp/err" || fail "-l -c failed"
awk 'NR > 1 { sub(/usdtprog[0-9]+/, "usdtprogPID", $2); print $2, $3, $4, $5 }' "$tmp/out" | sort >"$tmp/got"
printf '%s\n' "usdtprogPID p fire args-three" "usdtprogPID p fire fresh" \
    "usdtprogPID p fire work" "usdtprogPID p twice twice" >"$tmp/want"
diff -u "$tmp/want" "$tmp/got" || fail "-l -n 'usdtprog\$target:::'"
start_waiting "$tmp/p" 0 50
trap 'kill $wpid 2>/dev/null; rm -rf "$tmp"' EXIT
"$DTRACE" -l -P 'usdtprog*' >"$tmp/out" 2>"$tmp/err" || fail "-l -P failed"
grep -q "usdtprog$wpid *p *twice twice\$" "$tmp/out" || fail "-l -P 'usdtprog*'"
"$DTRACE" -l -n 'usdtprog*:::work' >"$tmp/out" 2>"$tmp/err" || fail "-l -n failed"
grep -q "usdtprog$wpid *p *fire work\$" "$tmp/out" || fail "-l -n 'usdtprog*:::work'"
# a process without notes (sleep) and a provider nobody has
sleep 30 & s=$!
"$DTRACE" -l -n "usdtprog$s:::" >"$tmp/out" 2>"$tmp/err"
grep -q "No probe matches description" "$tmp/err" || fail "no notes, -l"
"$DTRACE" -n "usdtprog$s:::" >"$tmp/out" 2>"$tmp/err"; rc=$?
kill $s
[ $rc = 1 ] && grep -q "does not match any probes" "$tmp/err" || fail "no notes: rc $rc"
"$DTRACE" -l -P 'nosuchprov*' >"$tmp/out" 2>"$tmp/err"
grep -q "No probe matches description" "$tmp/err" || fail "nosuchprov* matched"
exit 0
