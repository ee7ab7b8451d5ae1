#!/bin/bash
# printa() with %k: a stack key printed as dtrace's dt_print_stack prints
# it, in the format's place (a newline, then each frame indented by
# stackindent, one a line).  %k of anything but a stack is refused.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$TESTDIR/progs/build.bash"
build_prog burst
"$DTRACE" -qn 'syscall::getppid:entry /pid == $target/ { @[stack(2)] = count(); }
    END { printa("[%@d]%k<\n", @); }' -c "$tmp/burst 4" >"$tmp/out" 2>"$tmp/err" || { cat "$tmp/err"; exit 1; }
fail() { echo "$1"; cat -A "$tmp/out"; exit 1; }
[ "$(sed -n 1p "$tmp/out")" = "[4]" ] || fail "value before the stack"
sed -n 2p "$tmp/out" | grep -q '^              vmlinux`syscall_trace_enter+0x[0-9a-f]*$' || fail "frame 1"
sed -n 3p "$tmp/out" | grep -q '^              vmlinux`do_syscall_64+0x[0-9a-f]*$' || fail "frame 2"
[ "$(sed -n 4p "$tmp/out")" = "<" ] || fail "text after the stack"
"$DTRACE" -qn 'BEGIN { @[1] = count(); printa("%k %@d", @); }' >/dev/null 2>"$tmp/err" && fail "%k of an int accepted"
grep -q 'incompatible with conversion #1 prototype:' "$tmp/err" || { cat "$tmp/err"; exit 1; }
exit 0
