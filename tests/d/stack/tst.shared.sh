#!/bin/bash
# Several programs on one tracepoint (two syscall entry probes and
# syscall:::entry share sys_enter): the kernel calls them through
# __traceiter_sys_enter, a frame stack() drops as stackdepth does, so the
# first frame is still the probe site, in a record and in a key.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$TESTDIR/progs/build.bash"
build_prog burst
"$DTRACE" -qn 'syscall::getppid:entry /pid == $target/ { stack(2); }
    syscall::getpid:entry /pid == $target/ { trace(1); }
    syscall:::entry /pid == $target && probefunc == "getppid"/ { @[stack(1)] = count(); }' \
    -c "$tmp/burst 2" >"$tmp/out" 2>"$tmp/err" || { cat "$tmp/err"; exit 1; }
fail() { echo "$1"; cat -A "$tmp/out"; exit 1; }
grep -q traceiter "$tmp/out" && fail "iterator frame shown"
[ "$(grep -c '^              vmlinux`syscall_trace_enter+0x' "$tmp/out")" = 3 ] || fail "first frames"
[ "$(grep -c '^              vmlinux`do_syscall_64+0x' "$tmp/out")" = 2 ] || fail "second frames"
[ "$(tail -1 "$tmp/out")" = "$(printf ' %16d' 2)" ] || fail "key count"
exit 0
