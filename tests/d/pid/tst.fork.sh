#!/bin/bash
# A traced process that forks: the child is not traced (DTrace's rule:
# pid probes are the process's), though it runs the same code from the
# same files; the parent's calls still are, after the fork too.
. "$TESTDIR/pid/common.bash"
build_pid p
"$DTRACE" -qn 'pid$target:a.out:pid_add:entry { @[pid == $target ? "parent" : "other", probefunc] = count(); }
    proc:::exit /progenyof($target)/ { @[pid == $target ? "parent" : "child", "exit"] = count(); }' \
    -c "$tmp/p 3 fork" >"$tmp/out" 2>"$tmp/err" || fail "dtrace failed"
grep -q 'parent  *pid_add  *3$' "$tmp/out" || fail "parent's calls"
grep -q 'child  *exit  *1$' "$tmp/out" || fail "the child did not run"
! grep -q 'other' "$tmp/out" || fail "the child was traced"
exit 0
