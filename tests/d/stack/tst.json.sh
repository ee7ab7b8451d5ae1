#!/bin/bash
# -x oformat=json: a stack() record is {"type":"stack",...,"frames":[...]},
# the frames' texts innermost first; a stack key is such an array, its
# key type "stack".
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$TESTDIR/progs/build.bash"
build_prog burst
"$DTRACE" -x oformat=json -n 'syscall::getppid:entry /pid == $target/ { stack(2); @[stack(2)] = count(); }' \
    -c "$tmp/burst 2" >"$tmp/out" 2>"$tmp/err" || { cat "$tmp/err"; exit 1; }
fail() { echo "$1"; cat "$tmp/out"; exit 1; }
[ "$(grep -c '"type":"stack".*"frames":\["vmlinux`syscall_trace_enter+0x[0-9a-f]*","vmlinux`do_syscall_64+0x[0-9a-f]*"\]}$' "$tmp/out")" = 2 ] ||
    fail "stack records"
grep -q '"keys":\[{"name":"key0","type":"stack","size":16}\],"rows":\[{"keys":\[\["vmlinux`syscall_trace_enter+0x[0-9a-f]*","vmlinux`do_syscall_64+0x[0-9a-f]*"\]\],"values":\[2\]}\]' "$tmp/out" ||
    fail "stack key"
exit 0
