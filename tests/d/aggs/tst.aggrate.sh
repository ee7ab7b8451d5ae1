#!/bin/bash
# aggrate: dtrace reads the aggregation buffers, and reports their drops,
# at aggrate; here the maps are read when printed, and aggrate is how often
# the per-CPU drop counters are read.  With aggrate=1h (and statusrate at
# 10ms, which does not govern them) the drops of a full aggregation are
# read only at exit: after everything the clauses printed.
out=$("$DTRACE" -x aggsize=1k -x statusrate=10ms -x aggrate=1h -qn '
tick-1ms { @[i++] = count(); }
tick-300ms { printf("marker\n"); exit(0); }' 2>&1)
m=$(printf '%s\n' "$out" | grep -n '^marker$' | cut -d: -f1)
d=$(printf '%s\n' "$out" | grep -n 'aggregation drops\? on CPU' | head -1 | cut -d: -f1)
if [ -z "$m" ] || [ -z "$d" ] || [ "$d" -lt "$m" ]; then
	echo "drops reported before exit with aggrate=1h (marker line $m, drops line $d):"
	printf '%s\n' "$out" | head -20
	exit 1
fi
# an aggrate of 1 second or more still reports the drops at exit
"$DTRACE" -x aggsize=1k -x aggrate=2s -qn 'tick-1ms { @[i++] = count(); } tick-100ms { exit(0); }' \
	2>&1 >/dev/null | grep -Eq '^dtrace: [0-9]+ aggregation drops? on CPU [0-9]+$' || {
	echo "no drop report at exit"; exit 1; }
