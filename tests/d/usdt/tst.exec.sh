#!/bin/bash
# A traced process that execs (here a fresh image of the same program,
# whose notes and semaphores are where the probes are: the uprobes are on
# the file and the kernel's pid filter does not see an exec): its probes
# fire until the exec and never after, dtrace carries on without an
# error, and the new image runs on.
. "$TESTDIR/usdt/common.bash"
build_usdt p -O2
start_waiting "$tmp/p" 150 10 "$tmp/p" 0 10
trap 'kill $wpid 2>/dev/null; rm -rf "$tmp"' EXIT
timeout -s KILL 30 "$DTRACE" -qn 'usdtprog$target:::args-three { @ = count(); }
    tick-4s { exit(0); }' -p $wpid >"$tmp/out" 2>"$tmp/err" || fail "dtrace failed"
[ -s "$tmp/err" ] && fail "errors"
n=$(tr -d ' \n' <"$tmp/out")
[ "$n" -gt 0 ] 2>/dev/null || fail "args-three never fired"
[ "$n" -le 150 ] || fail "fired $n times: after the exec"
[ "$(grep -c ready "$tmp/prog.out")" = 2 ] || fail "no exec"
kill -0 $wpid 2>/dev/null || fail "the new image died"
exit 0
