#!/bin/bash
# Each CPU aggregates into its own copy; the consumer merges them: 1000
# one-byte writes pinned to each CPU give 1000 per CPU and 2000 in all,
# and a quantize merged across CPUs.
[ "$(nproc)" -ge 2 ] || { echo "needs 2 CPUs, skipped"; exit 0; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/run.sh" <<'SEOF'
taskset -c 0 dd if=/dev/zero of=/dev/null bs=1 count=1000 2>/dev/null &
taskset -c 1 dd if=/dev/zero of=/dev/null bs=1 count=1000 2>/dev/null
wait
SEOF
out=$("$DTRACE" -qn '
syscall::write:entry /execname == "dd" && arg2 == 1 && arg0 == 1/ { @c[cpu] = count(); @t = count(); @q = quantize(arg2); }
END { printa("cpu %d: %@d\n", @c); printa("total %@d\n", @t); }' \
	-c "sh $tmp/run.sh" 2>/dev/null)
want='cpu 0: 1000
cpu 1: 1000
total 2000


           value  ------------- Distribution ------------- count    
               0 |                                         0        
               1 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 2000     
               2 |                                         0        '
[ "$out" = "$want" ] && exit 0
echo "got:"; echo "$out"; exit 1
