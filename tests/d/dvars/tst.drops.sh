#!/usr/bin/env bash
# Filling the dynamic variable space past dynvarsize is reported, never silent.
err=$("$DTRACE" -x dynvarsize=4k -qn 'tick-1ms { a[i++] = 1; } tick-200ms { exit(0); }' 2>&1 >/dev/null)
echo "$err"
echo "$err" | grep -Eq '^dtrace: [0-9]+ dynamic variable drops?$'
