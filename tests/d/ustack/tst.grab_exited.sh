#!/bin/bash
# -p PID of a process that exits before dtrace prints its stacks (an
# aggregation, printed at the end): dtrace holds it at its exit
# (PTRACE_SEIZE, PTRACE_O_TRACEEXIT) and reads its mappings and symbols
# then, so its frames are still symbolized; the process is let go
# (its exit status is its own) and dtrace ends as with any -p process.
. "$TESTDIR/ustack/common.bash"
cc -fno-omit-frame-pointer -O0 -o "$tmp/wait" "$TESTDIR/progs/ustack_wait.c" || exit 1
"$tmp/wait" 3 &
tpid=$!
"$DTRACE" -qn 'BEGIN { printf("ready\n"); }
    syscall::getppid:entry /pid == $target/ { @[ustack()] = count(); }' \
    -p $tpid >"$tmp/out" 2>"$tmp/err" &
dpid=$!
for ((i = 0; i < 100; i++)); do
	grep -q ready "$tmp/out" && break
	sleep 0.1
done
kill -USR1 $tpid
wait $tpid; trc=$?
wait $dpid; drc=$?
[ $trc = 0 ] && [ $drc = 0 ] || { echo "exit status: target $trc, dtrace $drc"; cat "$tmp/err"; exit 1; }
got=$(frames_of wait <"$tmp/out" | tr '\n' ' ')
got=${got% }
[ "${got% _start}" = "c b a main" ] || { echo "frames: '$got'"; cat "$tmp/out" "$tmp/err"; exit 1; }
grep -q '^ \{16\}3$' "$tmp/out" || { echo "count"; cat -A "$tmp/out"; exit 1; }
exit 0
