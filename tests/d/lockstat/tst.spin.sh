#!/bin/bash
# lockstat spin-spin: lock_load sig has four threads of one process
# change their signal masks on both CPUs (the process's siglock, a
# spinlock_t): spin-spin fires for them with args[1], the spin in ns,
# under a second, and never for the adaptive (mutex) class: no
# adaptive-block in that workload.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$TESTDIR/progs/build.bash"
build_prog lock_load
cat >"$tmp/s.d" <<'SEOF'
#pragma D option quiet
lockstat:::spin-spin /pid == $target/ { n++; }
lockstat:::spin-spin /pid == $target && (args[1] >= 1000000000 || arg0 == 0)/ { bad++; }
END { printf("%d %d\n", n, bad); }
SEOF
"$DTRACE" -s "$tmp/s.d" -c "$tmp/lock_load sig 500" >"$tmp/out" 2>"$tmp/err" || {
	echo "dtrace failed"; cat "$tmp/err"; exit 1; }
read -r n bad <"$tmp/out"
[ "$n" -ge 1 ] && [ "$bad" = 0 ] || { echo "spin-spin: $n, $bad bad"; exit 1; }
exit 0
