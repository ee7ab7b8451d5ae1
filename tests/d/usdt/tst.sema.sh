#!/bin/bash
# Is-enabled probes: the semaphore of an enabled probe is set (through the
# uprobe's reference counter) while dtrace traces and back to 0 after it
# exits, normally or killed with -9 (its uprobes gone with its links),
# read from /proc/PID/mem of the still-running target; the program does
# the guarded work only while traced.
. "$TESTDIR/usdt/common.bash"
build_usdt p -O2
"$tmp/p" 3 >"$tmp/untraced" 2>&1
grep -qx 'enabled 0' "$tmp/untraced" || fail "work enabled untraced: $(cat "$tmp/untraced")"
start_waiting "$tmp/p" 0 20
trap 'kill $wpid 2>/dev/null; rm -rf "$tmp"' EXIT
addr=$(sed -n 's/^ready sema=//p' "$tmp/prog.out")
sema() {
	/usr/bin/python3 -c 'import sys
with open("/proc/%s/mem" % sys.argv[1], "rb") as f:
    f.seek(int(sys.argv[2], 16)); print(int.from_bytes(f.read(2), "little"))' $wpid "$addr"
}
[ "$(sema)" = 0 ] || fail "semaphore $(sema) before tracing"
for how in exit kill; do
	"$DTRACE" -qn 'usdtprog$target:::work { @ = count(); } tick-4s { exit(0); }' \
	    -p $wpid >"$tmp/out" 2>"$tmp/err" &
	d=$!
	# until the semaphore is up, while dtrace runs (slow under load)
	for ((i = 0; i < 1000; i++)); do
		[ "$(sema)" = 1 ] && break
		kill -0 $d 2>/dev/null || break
		sleep 0.01
	done
	[ "$(sema)" = 1 ] || fail "semaphore $(sema) while traced ($how)"
	[ $how = kill ] && kill -9 $d
	wait $d
	[ $how = exit ] && { [ "$(tr -d ' \n' <"$tmp/out")" -gt 0 ] || fail "work never fired"; }
	[ "$(sema)" = 0 ] || fail "semaphore $(sema) after dtrace ($how)"
done
exit 0
