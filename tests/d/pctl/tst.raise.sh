#!/bin/bash
# raise() reaches a -c target that dtrace holds for its user stacks (the
# signal passes through ptrace and is delivered): its SIGUSR1 handler
# runs, and it says so.
. "$TESTDIR/pctl/common.bash"
build_pctl
"$DTRACE" -wqn 'syscall::getppid:entry /pid == $target/ { @[ustack()] = count(); raise(SIGUSR1); }' \
    -c "$tmp/pctl_prog signal" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] && grep -qx 'got SIGUSR1' "$tmp/out" && [ ! -s "$tmp/err" ] ||
	{ echo "exit $rc"; cat "$tmp/out" "$tmp/err"; exit 1; }
exit 0
