#!/bin/bash
# profile-N fires the kernel throttles away are reported as lost, the way
# tick-N's are: with kernel.perf_event_max_sample_rate lowered to 1000 (4
# samples a tick at HZ 250), profile-4999 on a busy CPU fires about 4 of
# every 20 times a tick and dtrace says "dtrace: N profile-4999 fires
# lost" (about 8,000 over 2 s); at the default rate it fires every time
# and reports nothing.  The sysctl is put back however the test ends.
tmp=$(mktemp -d)
ctl=/proc/sys/kernel/perf_event_max_sample_rate
orig=$(<"$ctl")
busy=
trap 'echo "$orig" >"$ctl"; [ -n "$busy" ] && kill $busy 2>/dev/null; rm -rf "$tmp"' EXIT
cpu=$(( $(nproc) - 1 ))
taskset -c $cpu bash -c 'while :; do :; done' &
busy=$!
fail=0
# run: 2 s of profile-4999 on the busy CPU; fired and lost (summed over
# the report lines) set
run() {
	"$DTRACE" -qn "profile-4999 /cpu == $cpu/ { @ = count(); } tick-2s { exit(0); }" \
	    >"$tmp/out" 2>"$tmp/err"
	rc=$?
	fired=$(awk 'NF == 1 { print $1 }' "$tmp/out")
	lost=$(sed -n -E 's/^dtrace: ([0-9]+) profile-4999 fires lost$/\1/p' "$tmp/err" |
	    awk '{ n += $1 } END { print n + 0 }')
}
echo 1000 >"$ctl" || { echo "cannot lower $ctl"; exit 1; }
run
echo "$orig" >"$ctl"
[ $rc = 0 ] || { echo "throttled run: exit status $rc: $(<"$tmp/err")"; fail=1; }
[ -n "$fired" ] || { echo "throttled run: no count: $(<"$tmp/out")"; fail=1; }
[ "${fired:-0}" -lt 6000 ] || { echo "throttled run fired $fired times: not throttled?"; fail=1; }
if [ "$lost" -lt 3000 ]; then
	echo "throttled run: $fired fired, only $lost reported lost: $(<"$tmp/err")"; fail=1
fi
grep -vE '^dtrace: [0-9]+ profile-4999 fires lost$' "$tmp/err" | grep . &&
    { echo "throttled run: other messages"; fail=1; }
run
[ $rc = 0 ] || { echo "default run: exit status $rc: $(<"$tmp/err")"; fail=1; }
[ "${fired:-0}" -ge 6000 ] || { echo "default run fired ${fired:-no} times"; fail=1; }
grep -q lost "$tmp/err" && { echo "default run reported lost fires: $(<"$tmp/err")"; fail=1; }
exit $fail
