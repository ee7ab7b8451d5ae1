#!/bin/bash
# Each CPU aggregates into its own copy; the consumer merges them.  Two dd
# pinned one to each CPU: 1000 one-byte writes on CPU 0, 500 two-byte
# writes on CPU 1.  Counts add up, min/max take the smaller/larger CPU's,
# avg divides the summed totals, quantize adds the buckets; an aggregation
# updated on CPU 1 only is not mixed up with the zeros the kernel leaves in
# CPU 0's copy (min 7, max -2, not 0); -x aggpercpu shows each CPU's part.
[ "$(nproc)" -ge 2 ] || { echo "needs 2 CPUs, skipped"; exit 0; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/run.sh" <<'SEOF'
taskset -c 0 dd if=/dev/zero of=/dev/null bs=1 count=1000 2>/dev/null &
taskset -c 1 dd if=/dev/zero of=/dev/null bs=2 count=500 2>/dev/null
wait
SEOF
out=$("$DTRACE" -qn '
syscall::write:entry /execname == "dd" && arg0 == 1 && (arg2 == 1 || arg2 == 2)/
{
	@c[cpu] = count(); @t = count(); @mi = min(arg2); @mx = max(arg2);
	@av = avg(arg2); @q = quantize(arg2);
}
syscall::write:entry /execname == "dd" && arg0 == 1 && arg2 == 2/
{
	@one_mi = min(arg2 + 5); @one_mx = max(-arg2);
}
END {
	printa("cpu %d: %@d\n", @c); printa("total %@d\n", @t);
	printa("min %@d max %@d avg %@d\n", @mi, @mx, @av);
	printa("cpu 1 only: min %@d max %@d\n", @one_mi, @one_mx);
}' -c "sh $tmp/run.sh" 2>/dev/null)
want='cpu 1: 500
cpu 0: 1000
total 1500
min 1 max 2 avg 1
cpu 1 only: min 7 max -2


           value  ------------- Distribution ------------- count    
               0 |                                         0        
               1 |@@@@@@@@@@@@@@@@@@@@@@@@@@@              1000     
               2 |@@@@@@@@@@@@@                            500      
               4 |                                         0        '
[ "$out" = "$want" ] || { echo "got:"; echo "$out"; echo "expected:"; echo "$want"; exit 1; }

out=$("$DTRACE" -x aggpercpu -qn '
syscall::write:entry /execname == "dd" && arg0 == 1 && (arg2 == 1 || arg2 == 2)/ { @s = sum(arg2); @n = count(); }' \
	-c "sh $tmp/run.sh" 2>/dev/null)
want=$(printf '\n %16lld\n    [CPU 0] %16lld\n    [CPU 1] %16lld\n %16lld\n    [CPU 0] %16lld\n    [CPU 1] %16lld' \
	2000 1000 1000 1500 1000 500)
# more CPUs than 2: their rows show 0
extra=$(( $(cut -d- -f2 /sys/devices/system/cpu/possible) + 1 - 2 ))
if [ "$extra" -gt 0 ]; then
	echo "more than 2 possible CPUs: only the first two are compared"
	out=$(printf '%s\n' "$out" | grep -v '^    \[CPU [2-9]')
fi
[ "$out" = "$want" ] && exit 0
echo "aggpercpu got:"; echo "$out"; echo "expected:"; echo "$want"; exit 1
