#!/bin/bash
# tick-N fires that cannot happen on time are reported as lost, the way
# drops are: dtrace stopped with SIGSTOP for 2 s misses about 100 fires of
# tick-10ms (those less than 1 s late are made up), and says so on
# stderr as "dtrace: N tick-10ms fires lost" when it goes on (with -x
# oformat=json, a drop of kind "fires"); the aggregation is printed as
# usual.  A run that is not stopped loses no fire
# of a slow tick (tick-1s over 3 s: a fire is lost only when the tick
# thread is held off for more than 2 s, which even a loaded machine does
# not do to a runnable thread).
tmp=$(mktemp -d)
pid=
trap '[ -n "$pid" ] && kill -CONT $pid 2>/dev/null && kill $pid 2>/dev/null; rm -rf "$tmp"' EXIT
fail=0

# a run stopped for 2 s once tick-10ms has fired: stdout in $tmp/out,
# stderr in $tmp/err, its exit status in rc
stopped() {
	: >"$tmp/out"	# not the last run's "go"
	"$DTRACE" "$@" -qn 'tick-10ms { @ = count(); }
	    tick-10ms /!go/ { go = 1; printf("go\n"); }
	    tick-1s /go && ++n == 3/ { exit(0); }' >"$tmp/out" 2>"$tmp/err" &
	pid=$!
	# wait (up to 60 s) for the first tick-10ms, with builtins only
	line=
	for ((i = 0; i < 600; i++)); do
		read -r line 2>/dev/null <"$tmp/out"
		[[ "$line" == *go* ]] && break
		kill -0 $pid 2>/dev/null || break
		read -rt 0.1 <> <(:) 2>/dev/null
	done
	if [[ "$line" != *go* ]]; then
		echo "dtrace did not start: $(<"$tmp/err")"; exit 1
	fi
	kill -STOP $pid
	read -rt 2 <> <(:) 2>/dev/null	# sleep 2 s without an exec
	kill -CONT $pid
	wait $pid; rc=$?; pid=
}

# 1. lost fires are reported, and the aggregation printed as usual
stopped
echo "stderr: $(<"$tmp/err")"
[ $rc = 0 ] || { echo "exit status $rc"; fail=1; }
n=$(sed -n -E 's/^dtrace: ([0-9]+) tick-10ms fires lost$/\1/p' "$tmp/err" | head -n 1)
if [ -z "$n" ]; then
	echo "no lost-fires line for tick-10ms"; fail=1
elif [ "$n" -lt 50 ]; then
	echo "only $n tick-10ms fires lost in a 2 s stop"; fail=1
fi
grep -qE '^ +[0-9]+$' "$tmp/out" || { echo "no count: $(<"$tmp/out")"; fail=1; }

# the same as a JSON drop of kind "fires"
stopped -x oformat=json
[ $rc = 0 ] || { echo "json: exit status $rc"; fail=1; }
grep -qE '^\{"type":"drop","kind":"fires","count":[0-9]+,"message":"[0-9]+ tick-10ms fires lost"\}$' \
    "$tmp/out" || { echo "json: no fires drop: $(<"$tmp/out") $(<"$tmp/err")"; fail=1; }

# 2. not stopped: a slow tick loses nothing
"$DTRACE" -qn 'tick-1s /++n == 3/ { printf("done\n"); exit(0); }' >"$tmp/out2" 2>"$tmp/err2"
rc=$?
[ $rc = 0 ] || { echo "unstopped run: exit status $rc: $(<"$tmp/err2")"; fail=1; }
grep -q '^done$' "$tmp/out2" || { echo "unstopped run: no output"; fail=1; }
if grep -q 'lost' "$tmp/err2"; then
	echo "unstopped run reported lost fires: $(<"$tmp/err2")"; fail=1
fi
exit $fail
