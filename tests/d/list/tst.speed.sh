#!/bin/bash
# Listing every probe (thousands: the dtrace and profile probes, two per
# system call, one per tracepoint) takes well under 2 seconds.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
start=$(date +%s%N)
"$DTRACE" -l >"$tmp/out" 2>"$tmp/err"
rc=$?
end=$(date +%s%N)
[ $rc = 0 ] || { echo "exit status $rc: $(cat "$tmp/err")"; fail=1; }
ms=$(( (end - start) / 1000000 ))
n=$(wc -l <"$tmp/out")
echo "dtrace -l: $n lines in $ms ms"
[ "$n" -gt 1000 ] || { echo "too few probes listed"; fail=1; }
[ $ms -lt 2000 ] || { echo "too slow"; fail=1; }
for p in dtrace profile syscall sdt; do
	grep -Eq "^ +[0-9]+ +$p " "$tmp/out" || { echo "no $p probes listed"; fail=1; }
done
# -lv reads every tracepoint's format: still quick for a whole provider
start=$(date +%s%N)
"$DTRACE" -lv -P syscall >"$tmp/out" 2>"$tmp/err" || { echo "-lv -P syscall: exit status $?"; fail=1; }
end=$(date +%s%N)
ms=$(( (end - start) / 1000000 ))
echo "dtrace -lv -P syscall: $(grep -c 'Argument Types' "$tmp/out") probes in $ms ms"
[ $ms -lt 2000 ] || { echo "too slow"; fail=1; }
exit $fail
