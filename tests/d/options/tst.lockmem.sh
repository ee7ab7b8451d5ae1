#!/bin/bash
# -x lockmem=SIZE sets dtrace's locked-memory limit before tracing (a
# system() command run by dtrace reads it from /proc).
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$DTRACE" -w -x lockmem=1m -qn 'BEGIN { system("grep \"^Max locked memory\" /proc/$PPID/limits"); exit(0); }' \
    >"$tmp/out" 2>"$tmp/err" || { echo "exit status $?"; cat "$tmp/err"; exit 1; }
read -r _ _ _ soft hard _ <"$tmp/out"
[ "$soft" = 1048576 ] && [ "$hard" = 1048576 ] || { echo "limits: $(cat "$tmp/out")"; exit 1; }
exit 0
