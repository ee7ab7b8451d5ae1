#!/bin/bash
# -c: the command is held until its libraries are mapped (evaltime), so
# its libc probes are made and fire from its first calls; -l -n with -c
# lists libc's entries of the command (ls) in well under a second.
. "$TESTDIR/pid/common.bash"
build_pid p
"$DTRACE" -qn 'pid$target:libc.so.6:malloc:entry /arg0 >= 12345/ { printf("malloc %d\n", arg0); }
    pid$target:libc.so.6:write:return /arg1 == 4/ { printf("write= %d\n", arg1); }' \
    -c "$tmp/p 2" >"$tmp/out" 2>"$tmp/err" || fail "dtrace failed"
[ "$(grep -v '^pid$' "$tmp/out" | tr '\n' ' ')" = "malloc 12345 write= 4 malloc 12346 write= 4  " ] ||
	fail "output"
start=$(date +%s%N)
"$DTRACE" -l -n 'pid$target:libc.so.6::entry' -c ls >"$tmp/out" 2>"$tmp/err" || fail "-l -c ls"
ms=$(( ($(date +%s%N) - start) / 1000000 ))
[ "$(($(wc -l <"$tmp/out") - 1))" -ge 1000 ] || fail "-l -c ls listed too few"
[ $ms -lt 1000 ] || fail "-l -c ls took $ms ms"
exit 0
