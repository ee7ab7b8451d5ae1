#!/bin/bash
# SIGINT (and SIGTERM) stop tracing: END fires, dtrace exits 0.  dtrace
# prints a newline when interrupted, then the END output, then its final
# newline.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
for sig in INT TERM; do
	"$DTRACE" -q -x switchrate=20hz -n 'BEGIN { printf("begin\n"); }
	    END { printf("end\n"); }' >"$tmp/out" 2>"$tmp/err" &
	dpid=$!
	sleep 1.2
	kill -$sig $dpid
	wait $dpid
	rc=$?
	[ $rc = 0 ] || { echo "SIG$sig: exit status $rc"; fail=1; }
	printf 'begin\n\nend\n\n' | diff -u - "$tmp/out" || fail=1
	[ -s "$tmp/err" ] && { echo "SIG$sig stderr: $(cat "$tmp/err")"; fail=1; }
done
exit $fail
