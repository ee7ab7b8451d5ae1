#!/bin/bash
# lockstat adaptive-block: lock_load tty makes two threads wait on a
# pseudo-terminal's reader mutex (held by a third thread that sleeps
# for input) for about 100 and 200 ms: at least two adaptive-block
# firings on one struct mutex, each with args[1] (the wait in ns) of at
# least 50 ms and under 10 s; args[0] is the lock (arg0) as a struct
# mutex *.  lock_load pipe: eight threads on one pipe's mutex spin on it:
# adaptive-spin fires with a wait under a second.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$TESTDIR/progs/build.bash"
build_prog lock_load
cat >"$tmp/s.d" <<'SEOF'
#pragma D option quiet
lockstat:::adaptive-block
/pid == $target && args[1] >= 50000000 && args[1] < 10000000000 &&
 (uint64_t)args[0] == arg0 && sizeof (*args[0]) == sizeof (struct mutex)/
{
	printf("%x\n", arg0);
}
SEOF
"$DTRACE" -s "$tmp/s.d" -c "$tmp/lock_load tty 400" >"$tmp/out" 2>"$tmp/err" || {
	echo "dtrace failed"; cat "$tmp/err"; exit 1; }
n=$(sort "$tmp/out" | uniq -c | sort -rn | awk 'NR == 1 { print $1 }')
[ "${n:-0}" -ge 2 ] || { echo "adaptive-block:"; cat "$tmp/out"; exit 1; }
cat >"$tmp/s.d" <<'SEOF'
#pragma D option quiet
lockstat:::adaptive-spin /pid == $target/ { n++; }
lockstat:::adaptive-spin /pid == $target && args[1] >= 1000000000/ { bad++; }
END { printf("%d %d\n", n, bad); }
SEOF
"$DTRACE" -s "$tmp/s.d" -c "$tmp/lock_load pipe 500" >"$tmp/out" 2>"$tmp/err" || {
	echo "dtrace failed"; cat "$tmp/err"; exit 1; }
read -r n bad <"$tmp/out"
[ "$n" -ge 1 ] && [ "$bad" = 0 ] || { echo "adaptive-spin: $n, $bad over 1 s"; exit 1; }
exit 0
