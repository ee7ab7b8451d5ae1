#!/bin/bash
# Several clauses for one syscall probe run in program order for each firing,
# each seeing what the clauses before it did; a clause naming the probe among
# several descriptions takes its place in that order too.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$TESTDIR/progs/build.bash"
build_prog sysload
cat >"$tmp/s.d" <<'SEOF'
#pragma D option quiet

syscall::getppid:entry
/pid == $target/
{
	n++;
	printf("first %d\n", n);
}

syscall::lseek:entry,
syscall::getppid:entry
/pid == $target/
{
	printf("second %s %d\n", probefunc, n);
	n *= 10;
}

syscall::getppid:entry
/pid == $target && n > 15/
{
	printf("third %d\n", n);
}

syscall::getppid:*
/pid == $target/
{
	printf("fourth %s %d\n", probename, n);
}
SEOF
taskset -c 0 "$DTRACE" -s "$tmp/s.d" -c "$tmp/sysload 2" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] || { echo "exit status $rc"; cat "$tmp/err"; exit 1; }
cat >"$tmp/want" <<'WEOF'
first 1
second getppid 1
fourth entry 10
fourth return 10
first 11
second getppid 11
third 110
fourth entry 110
fourth return 110
second lseek 110

WEOF
diff -u "$tmp/want" "$tmp/out" || exit 1
exit 0
