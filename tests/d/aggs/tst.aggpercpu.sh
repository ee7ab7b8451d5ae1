#!/bin/bash
# -x aggpercpu: under each entry's merged value, each CPU's own value on a
# line of its own, "    [CPU N]" then the value as printed by default,
# for every possible CPU (Oracle Linux DTrace's format).  A CPU that never
# saw the key shows the function's initial value: 0, INT64_MAX for min,
# INT64_MIN for max, an empty distribution for quantize.  BEGIN runs in
# dtrace's thread, pinned here to CPU 0.
possible=$(cat /sys/devices/system/cpu/possible)	# e.g. 0-1 or 0
ncpu=$(( ${possible##*-} + 1 ))

hdr() { printf '\n%16s %41s %-9s\n' value '------------- Distribution -------------' count; }
row() { # label count depth
	local at='' sp=''
	at=$(printf '%*s' "$3" '' | tr ' ' '@')
	sp=$(printf '%*s' $((40 - $3)) '')
	printf '%16s |%s%s %-9d\n' "$1" "$at" "$sp" "$2"
}
percpu() { # cpu0-value other-value format
	for ((c = 0; c < ncpu; c++)); do
		printf '\n    [CPU %d]' "$c"
		if [ $c = 0 ]; then printf "$3" "$1"; else printf "$3" "$2"; fi
	done
}

want=$( {
	printf '\n'
	printf ' %16lld' 2; percpu 2 0 ' %16lld'; printf '\n'
	printf '  %-50s %16lld' k 3; percpu 3 9223372036854775807 ' %16lld'; printf '\n'
	printf '  %-50s %16lld' k -3; percpu -3 -9223372036854775808 ' %16lld'; printf '\n'
	printf '  %-50s %16lld' k 2; percpu 2 0 ' %16lld'; printf '\n'
	hdr; row 2 0 0; row 4 1 40; row 8 0 0
	for ((c = 0; c < ncpu; c++)); do
		printf '\n    [CPU %d]' "$c"; hdr
		if [ $c = 0 ]; then row 2 0 0; row 4 1 40; row 8 0 0
		else row -1 0 0; row 0 0 0; row 1 0 0; fi
	done
	printf '\n'
} ; echo x)
want=${want%x}
got=$(taskset -c 0 "$DTRACE" -x aggpercpu -qn 'BEGIN {
	@c = count(); @c = count();
	@mi["k"] = min(3); @ma["k"] = max(-3); @a["k"] = avg(2);
	@q = quantize(4);
	exit(0);
}'; echo x)
got=${got%x}
[ "$got" = "$want" ] && exit 0
echo "expected:"; printf '%s' "$want" | cat -A; echo "got:"; printf '%s' "$got" | cat -A
exit 1
