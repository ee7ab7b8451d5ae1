#!/bin/bash
# A process forked without an exec from a traced one (as PostgreSQL's
# postmaster forks its backends) gets probes of its own under a glob
# enabling (usdtprog*:::work): its firings are usdtprog<child pid>, with
# a probe ID of their own, as DTrace names a forked child's USDT probes.
# Both a process found at start and one started later (exec'd while
# dtrace runs) fork.  Its firings before its own probes are loaded carry
# the parent's object's probe; the test waits for the child's own.
. "$TESTDIR/usdt/common.bash"
build_usdt a -O2
start_waiting "$tmp/a" 0 20
apid=$wpid
kids=
trap 'kill $apid $bpid $kids 2>/dev/null; [ -n "$dpid" ] && kill $dpid 2>/dev/null; wait 2>/dev/null; rm -rf "$tmp"' EXIT
dtrace_start 'usdtprog*:::work { printf("%d %s %d\n", id, probeprov, pid); }'
# fired PROV PID [NOTID]: a line of PROV in process PID (with another ID
# than NOTID); its ID in $id
fired() {
	local i p d
	while read -r i p d; do
		[ "$p $d" = "$1 $2" ] && [ "$i" != "$3" ] && { id=$i; return 0; }
	done <"$tmp/out"
	return 1
}
# waitfor PROV PID [NOTID]: until fired says yes (60 s)
waitfor() {
	for ((i = 0; i < 600; i++)); do
		fired "$@" && return 0
		kill -0 $dpid 2>/dev/null || fail "dtrace exited: $(cat "$tmp/err")"
		sleep 0.1
	done
	return 1
}
# forkof PID OUT: signal PID to fork, the child's pid (from OUT) in $kid
forkof() {
	kill -USR1 "$1"
	kid=
	for ((i = 0; i < 100; i++)); do
		kid=$(sed -n 's/^child //p' "$2")
		[ -n "$kid" ] && break
		sleep 0.05
	done
	[ -n "$kid" ] || fail "process $1 did not fork"
	kids="$kids $kid"
}
waitfor "usdtprog$apid" $apid || fail "the process found at start not traced"
aid=$id
forkof $apid "$tmp/prog.out"
waitfor "usdtprog$kid" $kid "$aid" || {
	fired "usdtprog$kid" $kid && fail "the child $kid of a process found at start has only its parent's probe ID $aid"
	fail "the child $kid of a process found at start not traced"
}
# a process started later (its own probes), and its child
"$tmp/a" 0 20 >"$tmp/b.out" 2>&1 &
bpid=$!
waitfor "usdtprog$bpid" $bpid "$aid" || fail "the later process $bpid has no probes of its own"
bid=$id
forkof $bpid "$tmp/b.out"
waitfor "usdtprog$kid" $kid "$aid" || {
	fired "usdtprog$kid" $kid && fail "the child $kid of a later process has only the first process's probe ID $aid"
	fail "the child $kid of a later process not traced"
}
[ "$id" != "$bid" ] || fail "the child $kid has another process's probe ID $id"
dtrace_gone INT
wait $dpid || fail "dtrace failed: $(cat "$tmp/err")"
dpid=
[ -s "$tmp/err" ] && fail "dtrace said: $(cat "$tmp/err")"
exit 0
