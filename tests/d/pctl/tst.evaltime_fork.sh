#!/bin/bash
# A target that forks before reaching the evaltime point (a constructor,
# with evaltime=main): the child's copy of main's breakpoint is removed,
# so it runs main normally (its wait status 0, not death by SIGTRAP) and
# is not traced as $target; the parent is stopped at main as usual.
. "$TESTDIR/pctl/common.bash"
build_pctl
PCTL_CTOR_FORK=1 "$DTRACE" -x evaltime=main -qn \
    'syscall::write:entry /pid == $target && arg0 == 1/ { printf("target %d\n", arg2); }' \
    -c "$tmp/pctl_prog" >"$tmp/out" 2>"$tmp/err"
rc=$?
cat "$tmp/out" "$tmp/err"
[ $rc = 0 ] || { echo "exit status $rc"; exit 1; }
grep -qx 'ctor child: 0' "$tmp/out" || { echo "the child did not exit 0"; exit 1; }
[ "$(grep -c '^main$' "$tmp/out")" = 2 ] || { echo "main did not run twice"; exit 1; }
[ "$(grep '^target' "$tmp/out")" = "target 5" ] || { echo "traced writes"; exit 1; }
exit 0
