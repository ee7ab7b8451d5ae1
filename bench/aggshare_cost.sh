#!/bin/bash
# aggshare_cost.sh - the cost per firing of an aggregation in a map of its
# own against one in a shared map (rt/aggshare.c; DTRACE_AGGSHARE=1 shares
# every aggregation's map, as a program past the map budget does): a
# keyless count (an array entry: index 0 or its slot) and a keyed count
# (a hash key: the tuple, or the tuple then the 8-byte id) on
# syscall::getppid:entry, getppid_loop's ns per call, no tracer too;
# median of R rounds, the order rotating.  Prints ratios of overhead.
# Usage: bench/aggshare_cost.sh [N [R]]  (as root)
top=$(cd "$(dirname "$0")/.." && pwd)
DTRACE=${DTRACE:-$top/build/dtrace}
n=${1:-2000000}; r=${2:-5}
mkdir -p "$top/bench/build"
cc -O2 -o "$top/bench/build/getppid_loop" "$top/bench/getppid_loop.c" || exit 1
loop="$top/bench/build/getppid_loop"
clauses=(
	'{ @ = count(); }'
	'{ @[pid] = count(); }'
)
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
run() {	# share clause: ns/call (none: no tracer)
	if [ "$1" = none ]; then "$loop" "$n" 1 | awk '{ print $1 }'; return; fi
	DTRACE_AGGSHARE=$1 "$DTRACE" -q -n "syscall::getppid:entry /pid == \$target/ $2" \
	    -c "$loop $n 1" 2>/dev/null | awk 'NF == 3 { print $1; exit }'
}
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
for c in 0 1; do
	: >"$t/none"; : >"$t/0"; : >"$t/1"
	for i in $(seq "$r"); do
		for m in none 0 1; do run "$m" "${clauses[$c]}" >>"$t/$m"; done
	done
	none=$(median <"$t/none"); o=$(median <"$t/0"); s=$(median <"$t/1")
	printf '%-26s none %6.1f  own map %6.1f (+%5.1f)  shared %6.1f (+%5.1f) ns/call  shared/own %.2fx\n' \
	    "${clauses[$c]}" "$none" "$o" "$(echo "$o - $none" | bc)" "$s" "$(echo "$s - $none" | bc)" \
	    "$(echo "($s - $none) / ($o - $none)" | bc -l)"
done
