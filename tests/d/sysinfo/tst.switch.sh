#!/bin/bash
# pswitch fires for every switch away from the task, inv_swtch only for
# the involuntary ones (the task still runnable: preempted).  info_load
# sleep sleeps 20 times: at least 20 voluntary switches (pswitch minus
# inv_swtch); info_load spin spins against its child on one CPU: the
# scheduler preempts it at least once.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$TESTDIR/progs/build.bash"
build_prog info_load
cat >"$tmp/s.d" <<'SEOF'
#pragma D option quiet
sysinfo:::pswitch /pid == $target/ { p += arg0; }
sysinfo:::inv_swtch /pid == $target/ { i += arg0; }
END { printf("%d %d\n", p, i); }
SEOF
"$DTRACE" -s "$tmp/s.d" -c "$tmp/info_load sleep" >"$tmp/out" 2>"$tmp/err" || {
	echo "dtrace failed"; cat "$tmp/err"; exit 1; }
read -r p i <"$tmp/out"
[ $((p - i)) -ge 20 ] || { echo "sleep: pswitch $p inv_swtch $i"; exit 1; }
"$DTRACE" -s "$tmp/s.d" -c "$tmp/info_load spin" >"$tmp/out" 2>"$tmp/err" || {
	echo "dtrace failed"; cat "$tmp/err"; exit 1; }
read -r p i <"$tmp/out"
[ "$i" -ge 1 ] && [ "$p" -ge "$i" ] || { echo "spin: pswitch $p inv_swtch $i"; exit 1; }
exit 0
