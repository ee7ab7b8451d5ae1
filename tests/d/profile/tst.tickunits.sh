#!/bin/bash
# Every rate unit is accepted in tick-N and profile-N probe names (checked
# with -e, which compiles and matches the probes but does not enable them),
# intervals below the 200us minimum match no probe, and a rate of a second
# fires about once a second.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
for spec in tick-1d tick-1day tick-2h tick-2hour tick-3m tick-3min tick-4s \
    tick-5sec tick-6ms tick-7msec tick-800us tick-900usec tick-200us \
    tick-1000000ns tick-200000nsec tick-10hz tick-11 tick-5000 \
    profile-1d profile-1h profile-1m profile-1s profile-10ms profile-250us \
    profile-1000000ns profile-97hz profile-97 profile-4999; do
	if ! "$DTRACE" -e -n "$spec { exit(0); }" >"$tmp/out" 2>"$tmp/err"; then
		echo "$spec: $(cat "$tmp/err")"; fail=1
	fi
done
for spec in tick-199us tick-1000ns tick-100000nsec profile-10us tick-0 \
    tick-10parsecs; do
	if "$DTRACE" -e -n "$spec { exit(0); }" >"$tmp/out" 2>"$tmp/err"; then
		echo "$spec: unexpectedly matched a probe"; fail=1
	fi
	if ! grep -q 'does not match any probes' "$tmp/err"; then
		echo "$spec: $(cat "$tmp/err")"; fail=1
	fi
done
start=$(date +%s%N)
out=$("$DTRACE" -qn 'tick-1s { printf("tick\n"); exit(0); }' 2>"$tmp/err") ||
    { echo "tick-1s failed: $(cat "$tmp/err")"; fail=1; }
end=$(date +%s%N)
ms=$(( (end - start) / 1000000 ))
echo "tick-1s: '$out' after ${ms}ms"
[ "$(echo "$out" | head -n 1)" = tick ] || fail=1
[ $ms -ge 900 ] && [ $ms -le 2500 ] || fail=1
exit $fail
