#!/bin/bash
# walltimestamp is nanoseconds since the Epoch: within a few seconds of
# date(1), and printed in seconds it is a plausible current time.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
before=$(date +%s)
"$DTRACE" -qn 'BEGIN { printf("%d %d\n", walltimestamp / 1000000000,
    walltimestamp % 1000000000 < 1000000000); exit(0); }' >"$tmp/out" 2>"$tmp/err" ||
    { echo "dtrace failed: $(cat "$tmp/err")"; exit 1; }
after=$(date +%s)
read -r secs ok <"$tmp/out"
echo "before=$before secs=$secs after=$after ok=$ok"
[ "$ok" = 1 ] || exit 1
[ "$secs" -ge $((before - 3)) ] && [ "$secs" -le $((after + 3)) ] || exit 1
exit 0
