#!/bin/bash
# A SIGINT that reaches dtrace while a system() command runs is not lost:
# dtrace waits for the command, then ends tracing (END runs, exit 0).
# (system(3) would ignore SIGINT in dtrace for the command's duration, and
# tracing would go on.)  The command itself runs with SIGINT at its
# default, as a command run from a shell does.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$DTRACE" -w -q -n 'BEGIN { system("sleep 2; echo done; trap -p INT >%s", $$1); }
    END { printf("end\n"); }' "$tmp/traps" >"$tmp/out" 2>"$tmp/err" &
dpid=$!
sleep 1
kill -INT $dpid
for i in $(seq 50); do kill -0 $dpid 2>/dev/null || break; sleep 0.1; done
if kill -0 $dpid 2>/dev/null; then
	echo "dtrace still running 5s after SIGINT"
	kill -KILL $dpid
	exit 1
fi
wait $dpid
rc=$?
fail=0
[ $rc = 0 ] || { echo "exit status $rc"; cat "$tmp/err"; fail=1; }
printf 'done\n\nend\n\n' | diff -u - "$tmp/out" || fail=1
[ -s "$tmp/traps" ] && { echo "SIGINT not at its default in the command: $(cat "$tmp/traps")"; fail=1; }
exit $fail
