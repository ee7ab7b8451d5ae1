#!/bin/bash
# Under the ring policy every CPU's records are printed when tracing
# stops, in DTrace's order: BEGIN's records first, then each CPU's records
# oldest first in CPU order, the CPU END ran on last (here BEGIN's too,
# so its other records come last) -- by CPU, not by time.  A workload
# calls getppid() 5 times on CPU 1, then 5 times on CPU 0, and exits;
# dtrace runs on CPU 1.  Needs two CPUs.
[ "$(nproc)" -gt 1 ] || { echo "one CPU: skipped"; exit 0; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$TESTDIR/progs/build.bash"
build_prog burst
cat >"$tmp/d.d" <<'DEOF'
#pragma D option quiet
#pragma D option bufpolicy=ring
#pragma D option bufsize=16k

BEGIN
{
	printf("begin %d\n", cpu);
}

syscall::getppid:entry
/pid == $target/
{
	printf("%d %d\n", cpu, n++);
}

END
{
	printf("end %d\n", cpu);
}
DEOF
taskset -c 1 "$DTRACE" -s "$tmp/d.d" -c "$tmp/burst 5@1 5@0" >"$tmp/out" 2>"$tmp/err"
rc=$?
echo "exit status $rc; stderr:"
cat "$tmp/err"
[ $rc = 0 ] && [ ! -s "$tmp/err" ] || exit 1
printf 'begin 1\n0 5\n0 6\n0 7\n0 8\n0 9\n1 0\n1 1\n1 2\n1 3\n1 4\nend 1\n\n' |
    diff -u - "$tmp/out" || exit 1
exit 0
