#!/bin/bash
# A full aggregation space is reported per CPU, never silent.
err=$("$DTRACE" -x aggsize=1k -qn 'tick-1ms { @[i++] = count(); } tick-200ms { exit(0); }' 2>&1 >/dev/null)
echo "$err" | grep -Eq '^dtrace: [0-9]+ aggregation drops? on CPU [0-9]+$' && exit 0
echo "no drop report in: $err"; exit 1
