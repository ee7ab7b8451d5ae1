#!/bin/bash
# A closed pipe (dtrace ... | head -1) ends tracing: dtrace reports the
# broken pipe once and exits 1 (closing the handle detaches everything:
# its programs, links and perf events are file descriptors of its own).
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0

timeout 30 "$DTRACE" -qn 'tick-20ms { printf("line %d\n", i++); }' 2>"$tmp/err" | head -n 1 >"$tmp/out"
rc=${PIPESTATUS[0]}
[ $rc = 1 ] || { echo "exit status $rc (124: it never stopped)"; fail=1; }
# (the tick thread may move between CPUs, and buffers are read in CPU
# order: the first line read is not always "line 0")
grep -Eqx 'line [0-9]+' "$tmp/out" || { echo "head read: $(cat "$tmp/out")"; fail=1; }
[ "$(cat "$tmp/err")" = "dtrace: processing aborted: Broken pipe" ] ||
	{ echo "stderr:"; cat "$tmp/err"; fail=1; }

exit $fail
