#!/bin/bash
# -p and ptrace: (1) dtrace ended (SIGINT) or killed (SIGKILL) while the
# process runs leaves it neither stopped nor traced, and it goes on as
# before; (2) a process another tracer already has (here a small ptrace
# tracer) cannot be grabbed: dtrace says so as DTrace does and exits 1,
# and the process is left to that tracer.
. "$TESTDIR/ustack/common.bash"
cc -fno-omit-frame-pointer -O0 -o "$tmp/wait" "$TESTDIR/progs/ustack_wait.c" || exit 1
fail() { echo "$1"; cat "$tmp/out" "$tmp/err"; exit 1; }
ready() {
	for ((i = 0; i < 100; i++)); do
		grep -q ready "$1" && return 0
		sleep 0.1
	done
	return 1
}
tracer_of() { awk '/^TracerPid:/ { print $2 }' /proc/$1/status; }
state_of() { awk '/^State:/ { print $2 }' /proc/$1/status; }
D='BEGIN { printf("ready\n"); } syscall::getppid:entry /pid == $target/ { @[ustack()] = count(); }'

# (1)
"$tmp/wait" 2 &
tpid=$!
: >"$tmp/out"	# no "ready" of an earlier run
"$DTRACE" -qn "$D" -p $tpid >"$tmp/out" 2>"$tmp/err" &
dpid=$!
ready "$tmp/out" || fail "dtrace not ready"
[ "$(tracer_of $tpid)" = $dpid ] || fail "not held by dtrace: $(tracer_of $tpid)"
kill -INT $dpid
wait $dpid || fail "dtrace failed"
[ "$(tracer_of $tpid)" = 0 ] || fail "still traced by $(tracer_of $tpid)"
[ "$(state_of $tpid)" = S ] || fail "state $(state_of $tpid)"
kill -USR1 $tpid
wait $tpid || fail "target failed after dtrace"

# (1b) dtrace killed (SIGKILL: no clean-up of its own): the same
"$tmp/wait" 2 &
tpid=$!
: >"$tmp/out"	# no "ready" of an earlier run
"$DTRACE" -qn "$D" -p $tpid >"$tmp/out" 2>"$tmp/err" &
dpid=$!
ready "$tmp/out" || fail "dtrace not ready"
[ "$(tracer_of $tpid)" = $dpid ] || fail "not held by dtrace: $(tracer_of $tpid)"
kill -KILL $dpid
wait $dpid
[ "$(tracer_of $tpid)" = 0 ] || fail "SIGKILL: still traced by $(tracer_of $tpid)"
[ "$(state_of $tpid)" = S ] || fail "SIGKILL: state $(state_of $tpid)"
kill -USR1 $tpid
wait $tpid || fail "target failed after dtrace's SIGKILL"

# (2)
"$tmp/wait" 2 &
tpid=$!
python3 -c '
import ctypes, os, sys
libc = ctypes.CDLL(None, use_errno=True)
libc.ptrace.argtypes = [ctypes.c_long, ctypes.c_long, ctypes.c_void_p, ctypes.c_void_p]
pid = int(sys.argv[1])
if libc.ptrace(0x4206, pid, None, None) != 0:	# PTRACE_SEIZE
	sys.exit(1)
print("ready", flush=True)
while True:	# pass every stop on until the process exits
	_, st = os.waitpid(pid, 0x40000000)	# __WALL
	if not os.WIFSTOPPED(st):
		break
	sig = os.WSTOPSIG(st) if st >> 16 == 0 else 0
	libc.ptrace(7, pid, None, ctypes.c_void_p(sig))	# PTRACE_CONT
' $tpid >"$tmp/tracer" &
rpid=$!
ready "$tmp/tracer" || fail "tracer not ready"
"$DTRACE" -qn "$D" -p $tpid >"$tmp/out" 2>"$tmp/err"
drc=$?
[ $drc = 1 ] || fail "dtrace exit status $drc"
grep -qx "dtrace: failed to grab pid $tpid: process is traced" "$tmp/err" || fail "message"
[ "$(tracer_of $tpid)" = $rpid ] || fail "tracer $(tracer_of $tpid)"
kill -USR1 $tpid
wait $rpid || fail "tracer failed"
wait $tpid || fail "target failed"
exit 0
