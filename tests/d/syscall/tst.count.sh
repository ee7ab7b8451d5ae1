#!/bin/bash
# syscall:::entry and syscall:::return enable every system call (quickly:
# the whole run takes well under 2 seconds) and see each call the workload
# makes: it calls getppid 7 times, counted here by the probe id that -l
# lists for syscall::getppid:entry and :return.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$TESTDIR/progs/build.bash"
build_prog sysload
ids=$("$DTRACE" -l -n syscall::getppid: | awk '$5 == "entry" { e = $1 } $5 == "return" { r = $1 } END { print e, r }')
set -- $ids
[ $# = 2 ] || { echo "no ids for syscall::getppid: ($ids)"; exit 1; }
cat >"$tmp/s.d" <<'SEOF'
#pragma D option quiet

syscall:::entry
/pid == $target && id == $1/
{
	entries++;
}

syscall:::return
/pid == $target && id == $2/
{
	returns++;
}

syscall:::entry
/pid == $target/
{
	all++;
}

END
{
	printf("%d %d %d\n", entries, returns, all > 7 + 10);
}
SEOF
start=$(date +%s%N)
taskset -c 0 "$DTRACE" -s "$tmp/s.d" -c "$tmp/sysload 7" "$1" "$2" >"$tmp/out" 2>"$tmp/err"
rc=$?
end=$(date +%s%N)
[ $rc = 0 ] || { echo "exit status $rc"; cat "$tmp/err"; exit 1; }
printf '7 7 1\n\n' | diff -u - "$tmp/out" || exit 1
ms=$(( (end - start) / 1000000 ))
[ $ms -lt 2000 ] || { echo "enabling all syscalls took $ms ms"; exit 1; }
exit 0
