#!/bin/bash
# shared_arm.sh - arming time of rawtp probe sets with one program per
# group of probes (the default) and with one program per probe
# (DTRACE_NOSHARE=1): the time from dtrace's start to its BEGIN clause
# (compiling, loading, attaching), the median of N runs each.
# Usage: bench/shared_arm.sh [N]   (as root; DTRACE overrides the binary)
top=$(cd "$(dirname "$0")/.." && pwd)
DTRACE=${DTRACE:-$top/build/dtrace}
n=${1:-5}
clauses=(
	'{ @[probename] = count(); }'
	'{ printf("%s:%s %s %d %d\n", probemod, probename, execname, pid, arg0); }'
	'/execname != "nosuch" && arg0 != 1/ { @[probemod, probename, stringof(execname)] = quantize(arg0); self->t = timestamp; }'
)
arm() {	# noshare spec clause: milliseconds to BEGIN
	local t0 t1
	t0=$(date +%s%N)
	t1=$(DTRACE_NOSHARE=$1 "$DTRACE" -q -n "$2 $3" \
	    -n 'BEGIN { printf("%d\n", walltimestamp); exit(0); }' 2>/dev/null | head -1)
	echo $(( (t1 - t0) / 1000000 ))
}
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
printf '%-28s %-6s %8s %8s %6s\n' probes clause shared unshared ratio
for spec in 'rawtp:sched::' 'rawtp:irq*::,rawtp:sched::,rawtp:signal::,rawtp:task::' 'rawtp:::'; do
	np=$("$DTRACE" -l -n "$spec" 2>/dev/null | tail -n +2 | wc -l)
	for c in 0 1 2; do
		s=$(for i in $(seq "$n"); do arm 0 "$spec" "${clauses[$c]}"; done | median)
		u=$(for i in $(seq "$n"); do arm 1 "$spec" "${clauses[$c]}"; done | median)
		printf '%-28s %-6s %6dms %6dms %6s\n' "$np probes" "#$c" "$s" "$u" \
		    "$(awk -v s="$s" -v u="$u" 'BEGIN { printf "%.2f", u ? s / u : 0 }')"
	done
done
