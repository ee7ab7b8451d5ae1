#!/bin/bash
# After dtrace exits normally, on exit() or when its -c command has exited,
# none of its BPF programs or maps remain.
. "$TESTDIR/lifecycle/lifecycle.bash"
start_dtrace -n 'tick-4s { exit(0); }'
find_own
wait "$dpid"
rc=$?
dpid=
[ $rc = 0 ] || { echo "exit(0): exit status $rc"; cat "$tmp/err"; exit 1; }
check_freed

start_dtrace -c "sleep 4"
find_own
wait "$dpid"
rc=$?
dpid=
[ $rc = 0 ] || { echo "-c: exit status $rc"; cat "$tmp/err"; exit 1; }
check_freed
exit 0
