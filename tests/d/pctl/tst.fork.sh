#!/bin/bash
# A -c target that forks (held, for its user stacks): the child is not
# traced by dtrace, the parent is traced to its exit,
# and dtrace ends when the parent has exited.
. "$TESTDIR/pctl/common.bash"
build_pctl
"$DTRACE" -qn '
syscall::getppid:entry /pid == $target/ { @[ustack()] = count(); }
proc:::exit /ppid == $target/ { printf("child exited\n"); }' \
    -c "$tmp/pctl_prog fork" >"$tmp/out" 2>"$tmp/err"
rc=$?
cat "$tmp/out" "$tmp/err"
[ $rc = 0 ] || { echo "exit $rc"; exit 1; }
grep -qx 'child TracerPid:	0' "$tmp/out" || { echo "the child was traced"; exit 1; }
grep -q 'child exited' "$tmp/out" || { echo "no child exit"; exit 1; }
grep -q 'pctl_prog`main+' "$tmp/out" || { echo "parent's stack"; exit 1; }
exit 0
