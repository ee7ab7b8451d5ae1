#!/bin/bash
# stack(n) records n frames at most; stack() records the stackframes
# option's number (-x or a pragma); a key of stack(n) as well.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$TESTDIR/progs/build.bash"
build_prog burst
fail() { echo "$1"; cat -A "$tmp/out"; exit 1; }
frames() { grep -c '^              [a-z]' "$tmp/out"; }
run() { "$DTRACE" -q "$@" -c "$tmp/burst 1" >"$tmp/out" 2>"$tmp/err" || { cat "$tmp/err"; exit 1; }; }

run -n 'syscall::getppid:entry /pid == $target/ { stack(1); }'
[ "$(frames)" = 1 ] || fail "stack(1)"
run -n 'syscall::getppid:entry /pid == $target/ { stack(2); }'
[ "$(frames)" = 2 ] || fail "stack(2)"
grep -A1 '^              vmlinux`syscall_trace_enter' "$tmp/out" | grep -q do_syscall_64 || fail "stack(2) frames"
run -x stackframes=1 -n 'syscall::getppid:entry /pid == $target/ { stack(); }'
[ "$(frames)" = 1 ] || fail "-x stackframes=1"
run -n '#pragma D option stackframes=2
syscall::getppid:entry /pid == $target/ { stack(); }'
[ "$(frames)" = 2 ] || fail "pragma stackframes=2"
run -n 'syscall::getppid:entry /pid == $target/ { @[stack(1)] = count(); }'
[ "$(frames)" = 1 ] || fail "@[stack(1)]"
# the default, 20, is more than this stack's depth: all of it
run -n 'syscall::getppid:entry /pid == $target/ { stack(); }'
n=$(frames)
[ "$n" -ge 3 ] && [ "$n" -le 20 ] || fail "stack(): $n frames"
exit 0
