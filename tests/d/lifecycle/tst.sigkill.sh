#!/bin/bash
# After dtrace is killed with SIGKILL (no chance to clean up), the kernel
# frees all its BPF programs and maps: they are held by its file
# descriptors only.
. "$TESTDIR/lifecycle/lifecycle.bash"
start_dtrace
find_own
kill -KILL "$dpid"
wait "$dpid"
rc=$?
dpid=
[ $rc = 137 ] || { echo "exit status $rc"; exit 1; }
check_freed
exit 0
