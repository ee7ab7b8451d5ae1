#!/bin/bash
# A stripped executable (no .symtab): its functions come from .dynsym,
# so a build exporting them (-rdynamic) still has probes by name; one
# that exports none has no functions to probe: DTrace's "does not match
# any probes".
. "$TESTDIR/pid/common.bash"
build_pid p -rdynamic
strip --strip-all "$tmp/p"
readelf -S "$tmp/p" | grep -q '\.symtab' && fail "not stripped"
"$DTRACE" -qn 'pid$target:a.out:pid_add:entry { printf("add %d\n", arg2); }
    pid$target:a.out:pid_add:return { printf("add= %d\n", arg1); }' -c "$tmp/p 1" >"$tmp/out" 2>"$tmp/err" ||
	fail "dtrace failed"
[ "$(grep -v '^pid$' "$tmp/out" | tr '\n' ' ')" = "add 100 add= 110  " ] || fail "output"
build_pid q
strip --strip-all "$tmp/q"
"$DTRACE" -n 'pid$target:a.out:pid_add:entry' -c "$tmp/q 1" >"$tmp/out" 2>"$tmp/err" && fail "matched"
grep -q 'pid[0-9]*:a.out:pid_add:entry does not match any probes$' "$tmp/err" || fail "message"
exit 0
