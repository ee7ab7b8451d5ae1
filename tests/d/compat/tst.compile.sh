#!/bin/bash
# Every script in scripts/ (the idioms of the DTraceToolkit, the DTrace
# book and the Dynamic Tracing Guide, in scripts of our own) compiles
# with -e, cpp included (-C: a #! first line, #define).
fail=0
n=0
for f in "$TESTDIR"/compat/scripts/*.d; do
	n=$((n + 1))
	out=$("$DTRACE" -C -e -s "$f" 2>&1) || { echo "$(basename "$f"): $out"; fail=1; }
done
echo "$n scripts"
exit $fail
