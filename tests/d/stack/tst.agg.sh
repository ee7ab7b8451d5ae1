#!/bin/bash
# @[stack()] = count(): each key printed as dtrace prints a stack key (a
# newline, the frames indented by 14, one a line), then the value on the
# last line (" %16lld"), after printa's blank line.  Five getppid() calls
# from one place: one key, counted 5 times.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$TESTDIR/progs/build.bash"
build_prog burst
"$DTRACE" -qn 'syscall::getppid:entry /pid == $target/ { @[stack()] = count(); }' \
    -c "$tmp/burst 5" >"$tmp/out" 2>"$tmp/err" || { cat "$tmp/err"; exit 1; }
fail() { echo "$1"; cat -A "$tmp/out"; exit 1; }
# blank (printa), blank (the stack's newline), frames, the count
[ "$(sed -n 1p "$tmp/out")" = "" ] && [ "$(sed -n 2p "$tmp/out")" = "" ] || fail "leading blank lines"
[ "$(sed -n 3p "$tmp/out")" != "" ] || fail "no frames"
sed -n '3,$p' "$tmp/out" | grep -v '^$' | sed '$d' | grep -qv '^              vmlinux`' && fail "bad frame"
last=$(grep -v '^$' "$tmp/out" | tail -1)
[ "$last" = "$(printf ' %16d' 5)" ] || fail "count line: '$last'"
[ "$(grep -c '^              vmlinux`syscall_trace_enter+0x' "$tmp/out")" = 1 ] || fail "not one key"
grep -q '^              vmlinux`do_syscall_64+0x' "$tmp/out" || fail "no do_syscall_64"
exit 0
