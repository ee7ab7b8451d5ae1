#!/bin/bash
# When keys are dropped because the aggregation space is full, the first
# drop report is followed, once a run, by a line naming the option that
# makes room: "dtrace: aggregations are full: raise -x aggsize (now 1k) to
# keep more keys".  A run whose keys fit says nothing of the kind.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
# more keys than 1k holds, dropped over several aggrate intervals
"$DTRACE" -x aggsize=1k -x aggrate=100ms -qn 'tick-1ms { @[i++] = count(); }
    tick-1s /++n == 2/ { exit(0); }' >/dev/null 2>"$tmp/err"
echo "stderr: $(<"$tmp/err")"
drop=$(grep -nE '^dtrace: [0-9]+ aggregation drops? on CPU [0-9]+$' "$tmp/err" | head -n 1 | cut -d: -f1)
hint=$(grep -n '^dtrace: aggregations are full: raise -x aggsize (now 1k) to keep more keys$' \
    "$tmp/err" | cut -d: -f1)
[ -n "$drop" ] || { echo "no drop line"; fail=1; }
[ -n "$hint" ] || { echo "no hint line"; fail=1; }
[ "$(echo "$hint" | wc -l)" = 1 ] || { echo "hint given more than once"; fail=1; }
[ -n "$drop" ] && [ -n "$hint" ] && [ "$drop" -lt "$hint" ] ||
    { echo "the hint does not follow a drop line"; fail=1; }
# the keys fit: no drops, no hint
"$DTRACE" -qn 'tick-1ms /i < 100/ { @[i++] = count(); }
    tick-1s { exit(0); }' >/dev/null 2>"$tmp/err2"
if grep -q 'aggsize\|aggregation drop' "$tmp/err2"; then
	echo "keys that fit: $(<"$tmp/err2")"; fail=1
fi
exit $fail
