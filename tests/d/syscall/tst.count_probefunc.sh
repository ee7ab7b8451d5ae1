#!/bin/bash
# syscall:::entry sees every system call of the workload, and probefunc
# names the call: the workload calls getppid 5 times.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$TESTDIR/progs/build.bash"
build_prog sysload
cat >"$tmp/s.d" <<'SEOF'
#pragma D option quiet

syscall:::entry
/pid == $target && probefunc == "getppid"/
{
	n++;
}

syscall:::return
/pid == $target && probefunc == "lseek" && probename == "return"/
{
	printf("lseek returned %d\n", arg0);
}

END
{
	printf("%d\n", n);
}
SEOF
taskset -c 0 "$DTRACE" -s "$tmp/s.d" -c "$tmp/sysload 5" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] || { echo "exit status $rc"; cat "$tmp/err"; exit 1; }
printf 'lseek returned 1234\n5\n\n' | diff -u - "$tmp/out" || exit 1
exit 0
