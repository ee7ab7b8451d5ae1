#!/bin/bash
# After dtrace ends on SIGINT, none of its BPF programs or maps remain.
. "$TESTDIR/lifecycle/lifecycle.bash"
start_dtrace
find_own
kill -INT "$dpid"
wait "$dpid"
rc=$?
dpid=
[ $rc = 0 ] || { echo "exit status $rc"; cat "$tmp/err"; exit 1; }
check_freed
exit 0
