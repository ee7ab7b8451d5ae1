#!/bin/bash
# Every libc function's entry armed on a running process as ONE program
# (shared programs) on ONE multi-uprobe link (the object's), quickly:
# BEGIN, which runs once every probe is attached, comes within seconds
# (bpftrace takes minutes here), and the probes fire (malloc's among
# them).  The program and link counts are read from dtrace's own
# descriptors (/proc/PID/fdinfo).
. "$TESTDIR/pid/common.bash"
build_pid p
start_waiting "$tmp/p" 100000 forever
trap 'kill $wpid 2>/dev/null; rm -rf "$tmp"' EXIT
start=$(date +%s%N)
"$DTRACE" -qn 'pid$target:libc.so.6::entry { @[probefunc == "malloc" ? "malloc" : "other"] = count(); }
    BEGIN { printf("ready\n"); }' -p $wpid >"$tmp/out" 2>"$tmp/err" &
d=$!
for ((i = 0; i < 400; i++)); do
	grep -q ready "$tmp/out" 2>/dev/null && break
	sleep 0.025
done
grep -q ready "$tmp/out" || fail "not armed in 10 s"
ms=$(( ($(date +%s%N) - start) / 1000000 ))
links=0 progs=0
for f in /proc/$d/fdinfo/*; do
	grep -q '^link_type:.*uprobe_multi' "$f" 2>/dev/null && links=$((links + 1))
	grep -qx 'prog_type:[[:space:]]*2' "$f" 2>/dev/null && progs=$((progs + 1))	# BPF_PROG_TYPE_KPROBE
done
sleep 0.3
kill -INT $d
wait $d || fail "dtrace failed"
[ $links = 1 ] || fail "$links links for libc"
[ $progs = 1 ] || fail "$progs kprobe programs for libc's entries"
[ $ms -lt 5000 ] || fail "arming took $ms ms"
grep -q '^ *malloc  *[1-9]' "$tmp/out" || fail "malloc did not fire"
echo "armed in $ms ms"
exit 0
