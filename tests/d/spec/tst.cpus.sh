#!/bin/bash
# One speculation traced to from two CPUs (a program's threads bound to CPU
# 0, 1, 0 in turn) and committed on either: its records are printed in the
# order they were traced, whichever CPU's buffer the consumer reads first
# (if the commit is read before a record from the other CPU, the records are
# printed once it arrives).
# The commit leaves it busy until the next cleaning (it was active on two
# CPUs), so a speculation() right after fails as "busy".
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
[ "$(nproc)" -ge 2 ] || { echo "SKIP: needs two CPUs"; exit 0; }
. "$TESTDIR/progs/build.bash"
build_prog specmig
cat >"$tmp/s.d" <<'SEOF'
#pragma D option quiet
#pragma D option cleanrate=1hz

int n;

syscall::getppid:entry
/pid == $target && n == 0/
{
	s = speculation();
}

syscall::getppid:entry
/pid == $target/
{
	speculate(s);
	printf("record %d on cpu %d\n", n, cpu);
	n++;
}

syscall::getuid:entry
/pid == $target/
{
	commit(s);
	t = speculation();
}

END
{
	printf("speculation() after the commit: %d\n", t);
}
SEOF
fail=0
for c in 0 1; do
	taskset -c 0 "$DTRACE" -s "$tmp/s.d" -c "$tmp/specmig $c" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	printf '%s\n' "record 0 on cpu 0" "record 1 on cpu 1" "record 2 on cpu 0" \
	    "speculation() after the commit: 0" "" >"$tmp/want"
	echo "dtrace: 1 failed speculation (available buffer(s) still busy)" >"$tmp/wanterr"
	if [ $rc != 0 ] || ! diff -u "$tmp/want" "$tmp/out" || ! diff -u "$tmp/wanterr" "$tmp/err"; then
		echo "commit on CPU $c: exit status $rc"; cat "$tmp/err"; fail=1
	fi
done
exit $fail
