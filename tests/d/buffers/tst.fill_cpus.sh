#!/bin/bash
# The fill policy with system call probes on two CPUs: a workload calls
# getppid() 50 times on CPU 0, then 1000 times on CPU 1, then stays alive
# for 20 s.  Each record takes 24 bytes and -b 2k keeps 16 for END, so
# CPU 0's buffer holds all of its 50 records and CPU 1's buffer fills
# after 84; no clause runs on CPU 1 after that (n stops at 134).  dtrace
# notices at the next status check, stops tracing long before the
# workload ends, runs END (on CPU 1, where dtrace runs: its record still
# fits) and prints every buffer, END's CPU last.  Needs two CPUs.
[ "$(nproc)" -gt 1 ] || { echo "one CPU: skipped"; exit 0; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$TESTDIR/progs/build.bash"
build_prog burst
cat >"$tmp/d.d" <<'DEOF'
#pragma D option quiet
#pragma D option bufpolicy=fill
#pragma D option statusrate=10ms

syscall::getppid:entry
/pid == $target/
{
	printf("%d %d\n", cpu, n++);
}

END
{
	printf("end %d\n", n);
}
DEOF
start=$(date +%s%N)
taskset -c 1 "$DTRACE" -b 2k -s "$tmp/d.d" -c "$tmp/burst -s 20000 50@0 1000@1" \
    >"$tmp/out" 2>"$tmp/err"
rc=$?
ms=$(( ($(date +%s%N) - start) / 1000000 ))
echo "exit status $rc after $ms ms; stderr:"
cat "$tmp/err"
[ $rc = 0 ] && [ ! -s "$tmp/err" ] || exit 1
[ $ms -lt 10000 ] || { echo "did not stop when the buffer filled"; exit 1; }
{
	for i in $(seq 0 49); do echo "0 $i"; done
	for i in $(seq 50 133); do echo "1 $i"; done
	echo "end 134"
	echo
} | diff -u - "$tmp/out" || exit 1
exit 0
