#!/bin/bash
# An aggregation keyed by stack() or ustack() whose map is full (-x
# aggsize=1: room for one key) reports the key it could not add as any
# aggregation does ("dtrace: 1 aggregation drop on CPU N", then the hint
# to raise aggsize) and prints
# the key it has.  Two probes of the -c process with different stacks:
# the exit_group system call and the process's exit (kernel), and
# getppid (twice, one key) and exit_group (user).
. "$TESTDIR/ustack/common.bash"
build_chain chain
fail() { echo "$1"; cat "$tmp/out" "$tmp/err"; exit 1; }
drop='^dtrace: 1 aggregation drop on CPU [0-9]*$'
hint='^dtrace: aggregations are full: raise -x aggsize (now 1 byte) to keep more keys$'
"$DTRACE" -x aggsize=1 -qn 'syscall::exit_group:entry /pid == $target/ { @[stack()] = count(); }
    proc:::exit /pid == $target/ { @[stack()] = count(); }' -c /bin/true >"$tmp/out" 2>"$tmp/err" || fail "dtrace"
grep -q "$drop" "$tmp/err" && grep -q "$hint" "$tmp/err" && [ "$(wc -l <"$tmp/err")" = 2 ] ||
    fail "stack(): drop report"
[ "$(grep -c '^ \{16\}1$' "$tmp/out")" = 1 ] || fail "stack(): one key"
"$DTRACE" -x aggsize=1 -qn 'syscall::getppid:entry,syscall::exit_group:entry /pid == $target/ {
    @[ustack()] = count(); }' -c "$tmp/chain 2" >"$tmp/out" 2>"$tmp/err" || fail "dtrace"
grep -q "$drop" "$tmp/err" && grep -q "$hint" "$tmp/err" && [ "$(wc -l <"$tmp/err")" = 2 ] ||
    fail "ustack(): drop report"
[ "$(grep -c '^ \{16\}[12]$' "$tmp/out")" = 1 ] || fail "ustack(): one key"
exit 0
