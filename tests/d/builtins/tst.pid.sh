#!/bin/bash
# pid and tid in BEGIN are those of the dtrace process itself (started in
# the background here so $! is its pid), and ppid is this shell.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$DTRACE" -qn 'BEGIN { printf("%d %d %d\n", pid, ppid, tid); exit(0); }' \
    >"$tmp/out" 2>"$tmp/err" &
dpid=$!
wait $dpid || { echo "dtrace failed: $(cat "$tmp/err")"; exit 1; }
want="$dpid $$ $dpid"
got=$(head -n 1 "$tmp/out")
if [ "$got" != "$want" ]; then
	echo "expected '$want', got '$got'"
	exit 1
fi
exit 0
