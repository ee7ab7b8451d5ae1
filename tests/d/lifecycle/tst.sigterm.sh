#!/bin/bash
# After dtrace ends on SIGTERM, none of its BPF programs or maps remain.
. "$TESTDIR/lifecycle/lifecycle.bash"
start_dtrace
find_own
kill -TERM "$dpid"
wait "$dpid"
rc=$?
dpid=
[ $rc = 0 ] || { echo "exit status $rc"; cat "$tmp/err"; exit 1; }
check_freed
exit 0
