#!/bin/bash
# dtrace started with SIGCHLD ignored (inherited across exec) still sees
# its -c command exit: it reports it and ends, instead of waiting forever
# for a child the kernel reaped unseen.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
timeout 20 perl -e '$SIG{CHLD} = "IGNORE"; exec @ARGV' \
	"$DTRACE" -n 'BEGIN { printf("up\n"); }' -c true >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] || { echo "exit $rc (124: hung)"; cat "$tmp/err"; exit 1; }
grep -q up "$tmp/out" || { echo "stdout:"; cat "$tmp/out"; exit 1; }
grep -qx 'dtrace: pid [0-9]* has exited' "$tmp/err" || { echo "stderr:"; cat "$tmp/err"; exit 1; }
