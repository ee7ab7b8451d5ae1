#!/bin/bash
# -c: a call made in the first instructions of main (pid_first, main's
# first statement) is caught, as are the program's later calls.
. "$TESTDIR/pid/common.bash"
build_pid p
"$DTRACE" -qn 'pid$target:a.out:pid_first:entry, pid$target:a.out:pid_first:return,
    pid$target:a.out:pid_lib:entry { printf("%s:%s %d\n", probefunc, probename, arg1); }' \
    -c "$tmp/p 1" >"$tmp/out" 2>"$tmp/err" || fail "dtrace failed"
[ "$(grep -v '^pid$' "$tmp/out" | head -2 | cut -d' ' -f1 | tr '\n' ' ')" = "pid_first:entry pid_first:return " ] ||
	fail "pid_first not caught"
grep -q '^pid_first:return 42$' "$tmp/out" || fail "return value"
grep -q '^pid_lib:entry' "$tmp/out" || fail "later call"
exit 0
