#!/bin/bash
# -o sends the trace output to a file, appending to it; stdout stays empty.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
for i in 1 2; do
	"$DTRACE" -q -o "$tmp/file" -n 'BEGIN { printf("run\n"); exit(0); }' \
	    >"$tmp/out" 2>"$tmp/err" || { echo "exit status $?"; fail=1; }
	[ -s "$tmp/out" ] && { echo "stdout not empty"; fail=1; }
	[ -s "$tmp/err" ] && { echo "stderr: $(cat "$tmp/err")"; fail=1; }
done
printf 'run\n\nrun\n\n' >"$tmp/want"
diff -u "$tmp/want" "$tmp/file" || fail=1
exit $fail
