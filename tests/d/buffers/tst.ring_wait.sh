#!/bin/bash
# Under the ring policy dtrace prints nothing while it traces, even with a
# fast switch rate, and everything it kept once it is stopped (here by
# SIGINT): the most recent records (four 16-byte records in 64 bytes),
# oldest first, after the newline dtrace prints on an interrupt.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/d.d" <<'DEOF'
#pragma D option quiet
#pragma D option bufpolicy=ring
#pragma D option bufsize=64
#pragma D option switchrate=100hz

tick-1ms
{
	printf("%d\n", n++);
}
DEOF
taskset -c 0 "$DTRACE" -s "$tmp/d.d" >"$tmp/out" 2>"$tmp/err" &
pid=$!
# wait until it traces (the ticks run and would have been printed)
sleep 1
if [ -s "$tmp/out" ]; then
	echo "printed while tracing:"; head "$tmp/out"; kill -KILL $pid; exit 1
fi
kill -INT $pid
wait $pid
rc=$?
echo "exit status $rc; stdout:"
cat "$tmp/out"
echo "stderr:"
cat "$tmp/err"
[ $rc = 0 ] && [ ! -s "$tmp/err" ] || exit 1
[ "$(wc -l <"$tmp/out")" = 6 ] || exit 1
[ -z "$(sed -n 1p "$tmp/out")" ] && [ -z "$(sed -n 6p "$tmp/out")" ] || exit 1
first=$(sed -n 2p "$tmp/out")
[ "$first" -gt 10 ] || exit 1
printf '\n%d\n%d\n%d\n%d\n\n' $first $((first + 1)) $((first + 2)) $((first + 3)) |
    diff -u - "$tmp/out" || exit 1
exit 0
