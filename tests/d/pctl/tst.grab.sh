#!/bin/bash
# -p stops every thread of the process while tracing starts (BEGIN's
# system() sees them all in tracing stop) and lets them go after: they
# run untraced.  (Only the main thread's getppid() is looked at: the
# four threads call it at once, and two of them could pass !done before
# either set it.)
. "$TESTDIR/pctl/common.bash"
build_pctl
"$tmp/pctl_prog" threads 6000 >/dev/null &	# 60 s: outlives a slow start of dtrace
tp=$!
for ((i = 0; i < 100; i++)); do	# its threads started
	[ "$(ls /proc/$tp/task | wc -l)" = 4 ] && break
	sleep 0.05
done
"$DTRACE" -wqn '
BEGIN { system("cat /proc/%d/task/*/status | grep -c \"^State:.t (tracing stop)\"", $target); }
syscall::getppid:entry /pid == $target && tid == pid && !done/ {
	done = 1;
	system("cat /proc/%d/task/*/status | grep -c \"^TracerPid:.0$\"", $target);
	exit(0);
}
END { printf("end\n"); }' -p $tp >"$tmp/out" 2>"$tmp/err"
rc=$?
kill $tp
[ $rc = 0 ] || { echo "exit status $rc"; cat "$tmp/err"; exit 1; }
printf '4\n4\nend\n\n' | diff -u - "$tmp/out" || exit 1
exit 0
