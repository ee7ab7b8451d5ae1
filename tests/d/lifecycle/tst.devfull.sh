#!/bin/bash
# Output to a device that is always full (/dev/full) ends dtrace with its
# one message and exit status 1 in every mode: listing (-l, which used to
# exit 0 without a word), and tracing at a high record rate (every system
# call on the machine printed), to stdout and to -o, and freopen()'s file.
# The watchdog (60 s) makes a hang fail instead of blocking.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$TESTDIR/lifecycle/output.bash"
fail=0
full='No space left on device'
prog='syscall:::entry { printf("%d %s %d\n", pid, execname, timestamp); }'

timeout -s KILL 60 "$DTRACE" -l >/dev/full 2>"$tmp/err"
rc=$?
[ $rc = 1 ] || { echo "-l: exit status $rc"; fail=1; }
expect_abort "$tmp/err" "dtrace: failed to write to <stdout>: $full" || fail=1

timeout -s KILL 60 "$DTRACE" -l -n 'syscall::read:entry' -o /dev/full 2>"$tmp/err"
rc=$?
[ $rc = 1 ] || { echo "-l -o: exit status $rc"; fail=1; }
expect_abort "$tmp/err" "dtrace: failed to write to /dev/full: $full" || fail=1

timeout -s KILL 60 "$DTRACE" -qn "$prog" >/dev/full 2>"$tmp/err"
rc=$?
[ $rc = 1 ] || { echo "stdout: exit status $rc (137: it never stopped)"; fail=1; }
expect_abort "$tmp/err" "dtrace: processing aborted: $full" || fail=1

timeout -s KILL 60 "$DTRACE" -o /dev/full -qn "$prog" 2>"$tmp/err"
rc=$?
[ $rc = 1 ] || { echo "-o: exit status $rc (137: it never stopped)"; fail=1; }
expect_abort "$tmp/err" "dtrace: processing aborted: $full" || fail=1

# freopen() to /dev/full and back: the records it could not take are an
# error when the file is closed (it used to be silent, exit status 0)
timeout -s KILL 60 "$DTRACE" -wqn 'BEGIN { freopen("/dev/full"); printf("lost\n");
    freopen(""); printf("back\n"); exit(0); }' >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 1 ] || { echo "freopen: exit status $rc"; fail=1; }
expect_abort "$tmp/err" "dtrace: processing aborted: $full" || fail=1
exit $fail
