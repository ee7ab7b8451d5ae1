#!/bin/bash
# cpu is the CPU the probe fired on: BEGIN fires in dtrace itself, so
# pinning dtrace to a CPU with taskset determines the value.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
ncpu=$(nproc)
for c in 0 $((ncpu - 1)); do
	got=$(taskset -c $c "$DTRACE" -qn 'BEGIN { printf("%d\n", cpu); exit(0); }' 2>"$tmp/err") ||
	    { echo "dtrace failed: $(cat "$tmp/err")"; exit 1; }
	got=$(echo "$got" | head -n 1)
	if [ "$got" != "$c" ]; then
		echo "pinned to CPU $c, cpu was '$got'"
		exit 1
	fi
done
exit 0
