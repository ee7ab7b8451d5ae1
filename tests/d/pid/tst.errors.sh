#!/bin/bash
# Bad input, each with DTrace's one-line message and exit status 1: a
# pid that does not exist, pid0, a kernel thread, a zombie, a function that is not there
# (DTrace's "does not match any probes", or nothing with -Z), an offset
# past the function, a name that is neither entry, return nor an offset.
. "$TESTDIR/pid/common.bash"
build_pid p
expect() {	# expect MESSAGE DTRACE-ARGS...: fails with exactly that message
	local want=$1; shift
	"$DTRACE" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null && fail "accepted: $*"
	grep -qxF "dtrace: $want" "$tmp/err" || fail "message for $*: want '$want'"
}
nopid=999999
while kill -0 $nopid 2>/dev/null; do nopid=$((nopid - 1)); done
expect "invalid probe specifier pid$nopid:::entry: failed to grab process $nopid" -n "pid$nopid:::entry"
expect "invalid probe specifier pid0:::entry: 'pid0' does not contain a valid pid" -n 'pid0:::entry'
# a kernel thread (kthreadd) has no user space to probe
expect "invalid probe specifier pid2:::entry: failed to grab process 2" -n 'pid2:::entry'
# a zombie: a child its parent (exec'd into sleep) never waits for
bash -c 'sleep 0 & exec sleep 3' &
parent=$!
for ((i = 0; i < 50; i++)); do
	z=$(ps -o pid=,stat= --ppid $parent | awk '$2 ~ /^Z/ { print $1 }')
	[ -n "$z" ] && break
	sleep 0.05
done
[ -n "$z" ] || fail "no zombie"
expect "invalid probe specifier pid$z:::entry: failed to grab process $z" -n "pid$z:::entry"
kill $parent
"$DTRACE" -n 'pid$target:a.out:nosuch:entry' -c "$tmp/p" >"$tmp/out" 2>"$tmp/err" && fail "nosuch accepted"
grep -qx "dtrace: invalid probe specifier pid\$target:a.out:nosuch:entry: probe description pid[0-9]*:a.out:nosuch:entry does not match any probes" \
    "$tmp/err" || fail "nosuch"
"$DTRACE" -Z -qn 'pid$target:a.out:nosuch:entry' -c "$tmp/p" >"$tmp/out" 2>"$tmp/err" || fail "-Z"
expect "invalid probe specifier pid\$target::pid_sign:13: offset 0x13 outside of function 'pid_sign'" \
    -n 'pid$target::pid_sign:13' -c "$tmp/p"
expect "invalid probe specifier pid\$target::pid_sign:go: 'go' is an invalid probe name" \
    -n 'pid$target::pid_sign:go' -c "$tmp/p"
exit 0
