#!/bin/bash
# Huge depths are capped with a warning, and the stacks still work: the
# stackframes option and stack(n) at maxframes (127 by default, or as
# set), ustack(n) as a key at the kernel's perf_event_max_stack.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail() { echo "$1"; cat "$tmp/out" "$tmp/err"; exit 1; }
run() { timeout 20 "$DTRACE" -q "$@" >"$tmp/out" 2>"$tmp/err" || fail "dtrace $*"; }
frames() { grep -c '^              vmlinux`' "$tmp/out"; }

run -x stackframes=100000 -n 'BEGIN { stack(); exit(0); }'
[ "$(cat "$tmp/err")" = "dtrace: stack( ) depth 100000 lowered to 127 (the maxframes option)" ] || fail "warning"
[ "$(frames)" -ge 3 ] || fail "frames"
run -x maxframes=1024 -n 'BEGIN { @[stack(100000)] = count(); exit(0); }'
[ "$(cat "$tmp/err")" = "dtrace: stack( ) depth 100000 lowered to 1024 (the maxframes option)" ] || fail "warning 1024"
[ "$(frames)" -ge 3 ] && grep -q '^ \{16\}1$' "$tmp/out" || fail "key"
max=$(cat /proc/sys/kernel/perf_event_max_stack)
run -n 'BEGIN { @[ustack(100000)] = count(); exit(0); }'
[ "$(cat "$tmp/err")" = "dtrace: ustack( ) depth 100000 lowered to $max (the kernel's perf_event_max_stack)" ] || fail "ustack warning"
grep -q '^ \{16\}1$' "$tmp/out" || fail "ustack key"
# within the limit: no warning
run -x stackframes=127 -n 'BEGIN { stack(); exit(0); }'
[ -s "$tmp/err" ] && fail "warned at 127"
exit 0
