#!/bin/bash
# lockstat spin-spin: lock_load sig has four threads of one process
# change their signal masks on both CPUs (the process's siglock, a
# spinlock_t): spin-spin fires for them with args[1], the spin in ns,
# under a second, and never for the adaptive (mutex) class: no
# adaptive-block in that workload.
# spin-spin comes from lock:contention_begin with LCB_F_SPIN alone, which
# the kernel fires only in the queued-spinlock slow path. A guest without
# paravirt spinlocks takes virt_spin_lock() (a test-and-set lock) instead
# and never fires it: the test then checks that the raw tracepoint saw no
# such contention either (spin-spin invented nothing) and says so.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$TESTDIR/progs/build.bash"
build_prog lock_load
cat >"$tmp/s.d" <<'SEOF'
#pragma D option quiet
lockstat:::spin-spin /pid == $target/ { n++; }
lockstat:::spin-spin /pid == $target && (args[1] >= 1000000000 || arg0 == 0)/ { bad++; }
sdt:lock::contention_begin /pid == $target && arg1 == 1/ { raw++; }
END { printf("%d %d %d\n", n, bad, raw); }
SEOF
"$DTRACE" -s "$tmp/s.d" -c "$tmp/lock_load sig 500" >"$tmp/out" 2>"$tmp/err" || {
	echo "dtrace failed"; cat "$tmp/err"; exit 1; }
read -r n bad raw <"$tmp/out"
if [ "$raw" = 0 ]; then
	[ "$n" = 0 ] || { echo "spin-spin fired $n times with no spinlock contention"; exit 1; }
	echo "no queued-spinlock contention on this machine (virt_spin_lock): spin-spin not exercised"
	exit 0
fi
[ "$n" -ge 1 ] && [ "$bad" = 0 ] || { echo "spin-spin: $n, $bad bad, $raw contentions"; exit 1; }
exit 0
