#!/bin/bash
# stop() on a -c or -p target leaves it stopped (state T, not the t of a
# tracing stop) even when dtrace holds it for its user stacks; it can be
# continued by anyone and dtrace holds it again (its stacks symbolized at
# its exit); dtrace ends cleanly; a -p process dtrace leaves stopped
# stays stopped, untraced.
. "$TESTDIR/pctl/common.bash"
build_pctl
fail() { echo "$1"; cat "$tmp/out" "$tmp/err"; exit 1; }
state() { awk '{ print $3 }' /proc/$1/stat 2>/dev/null; }
tracer() { awk '/^TracerPid:/ { print $2 }' /proc/$1/status; }
wait_state() {	# pid state
	for ((i = 0; i < 100; i++)); do
		[ "$(state $1)" = "$2" ] && return 0
		sleep 0.05
	done
	return 1
}
S='syscall::getppid:entry /pid == $target && !done/ { done = 1; stop(); }'
H='syscall::getppid:entry /pid == $target/ { @[ustack()] = count(); }'
for hold in "" "$H"; do
	# -c, ended by SIGINT while its command is stopped: killed
	"$DTRACE" -wqn "$S $hold" -c "$tmp/pctl_prog loop 1000" >"$tmp/out" 2>"$tmp/err" &
	dp=$!
	for ((i = 0; i < 100; i++)); do
		tp=$(pgrep -P $dp)
		[ -n "$tp" ] && break
		sleep 0.05
	done
	wait_state "$tp" T || fail "-c${hold:+ held}: state $(state $tp)"
	[ "$(ps -o stat= -p $tp | cut -c1)" = T ] || fail "ps: $(ps -o stat= -p $tp)"
	kill -INT $dp
	wait $dp || fail "-c${hold:+ held}: dtrace failed"
	[ -d /proc/$tp ] && fail "-c${hold:+ held}: the command was not killed"
done
# -c held, continued: runs to its exit, held again to be symbolized
"$DTRACE" -wqn "$S $H" -c "$tmp/pctl_prog loop 20" >"$tmp/out" 2>"$tmp/err" &
dp=$!
for ((i = 0; i < 100; i++)); do
	tp=$(pgrep -P $dp)
	[ -n "$tp" ] && break
	sleep 0.05
done
wait_state "$tp" T || fail "continued: state $(state $tp)"
kill -CONT $tp
wait $dp || fail "continued: dtrace failed"
grep -q 'pctl_prog`main+' "$tmp/out" || fail "continued: stacks"
grep -q '^ *20$' "$tmp/out" || fail "continued: count"
# -p held, left stopped when dtrace ends: stays so, untraced
"$tmp/pctl_prog" loop 1000 >/dev/null &
tp=$!
"$DTRACE" -wqn "$S $H" -p $tp >"$tmp/out" 2>"$tmp/err" &
dp=$!
wait_state "$tp" T || fail "-p: state $(state $tp)"
kill -INT $dp
wait $dp || fail "-p: dtrace failed"
[ "$(state $tp)" = T ] && [ "$(tracer $tp)" = 0 ] || fail "-p after: $(state $tp) $(tracer $tp)"
kill -CONT $tp
wait_state "$tp" S || fail "-p: not continued: $(state $tp)"
kill $tp
exit 0
