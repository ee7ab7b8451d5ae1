#!/bin/bash
# A statically linked executable: libc's functions are the executable's,
# so malloc is a.out's, and libc.so.6 is no module of the process.
. "$TESTDIR/pid/common.bash"
build_pid s -static
"$DTRACE" -qn 'pid$target:a.out:pid_add:entry { printf("add %d\n", arg0); }
    pid$target:a.out:malloc:entry /arg0 >= 12345/ { printf("malloc %d %s\n", arg0, probemod); }' \
    -c "$tmp/s 2" >"$tmp/out" 2>"$tmp/err" || fail "dtrace failed"
[ "$(grep -v '^pid$' "$tmp/out" | tr '\n' ' ')" = "add 0 malloc 12345 a.out add 1 malloc 12346 a.out  " ] ||
	fail "output"
"$DTRACE" -n 'pid$target:libc.so.6:malloc:entry' -c "$tmp/s 1" >"$tmp/out" 2>"$tmp/err" && fail "libc.so.6?"
grep -q 'does not match any probes$' "$tmp/err" || fail "message"
exit 0
