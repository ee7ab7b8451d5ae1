#!/bin/bash
# -p grabs a running process: $target is its pid and dtrace exits (firing
# END, status 0) when the process exits, without a notice in quiet mode.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
sleep 1 &
spid=$!
start=$(date +%s%N)
"$DTRACE" -q -n 'BEGIN { printf("%d\n", $target); }
    END { printf("end\n"); }' -p $spid >"$tmp/out" 2>"$tmp/err"
rc=$?
ms=$(( ($(date +%s%N) - start) / 1000000 ))
cat "$tmp/out" "$tmp/err"
echo "took ${ms}ms"
[ $rc = 0 ] || { echo "exit status $rc"; exit 1; }
printf '%s\nend\n\n' "$spid" | diff -u - "$tmp/out" || exit 1
[ $ms -lt 5000 ] || exit 1
# quiet mode suppresses the "pid N has exited" notice
[ -s "$tmp/err" ] && { echo "stderr not empty"; exit 1; }
exit 0
