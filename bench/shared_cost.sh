#!/bin/bash
# shared_cost.sh - the cost per firing of a program shared by several
# probes against a program of its own: getppid_loop's ns per call with
# rawtp:raw_syscalls::sys_enter in a clause that also enables a probe
# that does not fire here (so one program serves both: the cookie read,
# the EPID computed, probename read from the group's map) and with
# DTRACE_NOSHARE=1 (constants), and with no tracer; median of R rounds,
# the order rotating.  Usage: bench/shared_cost.sh [N [R]]  (as root)
top=$(cd "$(dirname "$0")/.." && pwd)
DTRACE=${DTRACE:-$top/build/dtrace}
n=${1:-2000000}; r=${2:-5}
mkdir -p "$top/bench/build"
cc -O2 -o "$top/bench/build/getppid_loop" "$top/bench/getppid_loop.c" || exit 1
loop="$top/bench/build/getppid_loop"
clauses=(
	'/arg1 == 110/ { @[probename] = count(); }'
	'/arg1 == 110/ { n++; }'
)
run() {	# noshare clause: ns/call (none: no tracer)
	if [ "$1" = none ]; then "$loop" "$n" 1 | awk '{ print $1 }'; return; fi
	DTRACE_NOSHARE=$1 "$DTRACE" -q -n "rawtp:raw_syscalls::sys_enter,
	    rawtp:sched::sched_process_exec $2" -c "$loop $n 1" 2>/dev/null | awk 'NF == 3 { print $1; exit }'
}
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
for c in 0 1; do
	: >"/tmp/sc.none"; : >"/tmp/sc.0"; : >"/tmp/sc.1"
	for i in $(seq "$r"); do
		for m in none 0 1; do run "$m" "${clauses[$c]}" >>"/tmp/sc.$m"; done
	done
	none=$(median </tmp/sc.none); s=$(median </tmp/sc.0); u=$(median </tmp/sc.1)
	printf '%-44s none %6.1f  shared %6.1f (+%5.1f)  own program %6.1f (+%5.1f) ns/call\n' \
	    "${clauses[$c]}" "$none" "$s" "$(echo "$s - $none" | bc)" "$u" "$(echo "$u - $none" | bc)"
done
rm -f /tmp/sc.none /tmp/sc.0 /tmp/sc.1
