#!/bin/bash
# -x maxframes=N: stackdepth and ustackdepth count at most N frames (N
# are fetched; a tracepoint iterator's frame among them is not counted);
# 0 is refused.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
prog='syscall::getppid:entry /pid == $target/ { printf("%d %d\n", stackdepth, ustackdepth); exit(0); }'
"$DTRACE" -qn "$prog" -c "sh -c :" >"$tmp/full" 2>"$tmp/err" || { cat "$tmp/err"; fail=1; }
read -r k u <"$tmp/full"
[ "${k:-0}" -gt 2 ] && [ "${u:-0}" -ge 1 ] || { echo "full depths: $k $u"; fail=1; }
"$DTRACE" -x maxframes=2 -qn "$prog" -c "sh -c :" >"$tmp/out" 2>"$tmp/err" || { cat "$tmp/err"; fail=1; }
read -r k2 u2 <"$tmp/out"
[ "${k2:-9}" -le 2 ] && [ "${k2:-0}" -ge 1 ] && [ "${u2:-9}" -le 2 ] || { echo "maxframes=2: $k2 $u2"; fail=1; }
"$DTRACE" -x maxframes=1 -qn "$prog" -c "sh -c :" >"$tmp/out" 2>"$tmp/err" || { cat "$tmp/err"; fail=1; }
read -r k1 u1 <"$tmp/out"
[ "${k1:-9}" -le 1 ] && [ "${u1:-9}" -le 1 ] || { echo "maxframes=1: $k1 $u1"; fail=1; }
"$DTRACE" -x maxframes=0 -qn "$prog" >"$tmp/out" 2>"$tmp/err"
[ "$(cat "$tmp/err")" = "dtrace: failed to set -x maxframes: Invalid value for specified option" ] ||
    { echo "maxframes=0: $(cat "$tmp/err")"; fail=1; }
exit $fail
