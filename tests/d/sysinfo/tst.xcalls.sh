#!/bin/bash
# sysinfo xcalls (csd:csd_queue_cpu, a function queued to run on another
# CPU): info_load xcall makes private expedited membarrier() calls on
# CPU 0 while its other thread spins on CPU 1, each a cross call to
# CPU 1 whenever that thread is running there: xcalls fires for it.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$TESTDIR/progs/build.bash"
build_prog info_load
[ "$(nproc)" -ge 2 ] || exit 0		# no other CPU to call
cat >"$tmp/s.d" <<'SEOF'
#pragma D option quiet
sysinfo:::xcalls /pid == $target/ { n += arg0; }
END { printf("%d\n", n); }
SEOF
"$DTRACE" -s "$tmp/s.d" -c "$tmp/info_load xcall" >"$tmp/out" 2>"$tmp/err" || {
	echo "dtrace failed"; cat "$tmp/err"; exit 1; }
read -r n <"$tmp/out"
[ "$n" -ge 1 ] || { echo "xcalls: $n"; exit 1; }
exit 0
