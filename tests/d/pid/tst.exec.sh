#!/bin/bash
# A traced process that execs another program: its probes go away with
# its image, though the new one maps the same libc (a uprobe is on the
# file, and the kernel's pid filter does not see an exec): libc's malloc
# fires in pid_funcs, neither __libc_start_main nor exit fires in the
# true it execs, and dtrace carries on without an error.
. "$TESTDIR/pid/common.bash"
build_pid p
start_waiting "$tmp/p" 15 waitexec
"$DTRACE" -qn 'pid$target:libc.so.6:exit:entry, pid$target:libc.so.6:__libc_start_main:entry,
    pid$target:libc.so.6:malloc:entry { @[execname, probefunc] = count(); }
    syscall::execve:return /pid == $target/ { @[execname, "execve"] = count(); }
    tick-2500ms { exit(0); }' -p $wpid >"$tmp/out" 2>"$tmp/err" || fail "dtrace failed"
grep -q ' p  *malloc ' "$tmp/out" || fail "no malloc before the exec"
grep -q ' true  *execve ' "$tmp/out" || fail "no exec seen"
! grep -Eq '__libc_start_main|exit' "$tmp/out" || fail "probes fired after the exec"
exit 0
