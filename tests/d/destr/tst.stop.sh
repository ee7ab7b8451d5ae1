#!/bin/bash
# stop() stops the process that fired the probe as it returns to user
# mode (state T in /proc) until it is sent SIGCONT.
tmp=$(mktemp -d)
. "$TESTDIR/progs/build.bash"
build_prog destr
"$tmp/destr" sleep &
pid=$!
trap 'kill -9 $pid 2>/dev/null; rm -rf "$tmp"' EXIT
state() { awk '{ print $3 }' "/proc/$pid/stat"; }

timeout 30 taskset -c 0 "$DTRACE" -wq -p "$pid" -n '
syscall::getppid:entry
/pid == $target/
{
	stop();
	printf("stopped %d\n", pid == $target);
	exit(0);
}' >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] || { echo "exit status $rc"; cat "$tmp/err"; exit 1; }
printf 'stopped 1\n\n' | diff -u - "$tmp/out" || exit 1
[ -s "$tmp/err" ] && { echo "unexpected stderr:"; cat "$tmp/err"; exit 1; }
for i in $(seq 100); do
	[ "$(state)" = T ] && break
	sleep 0.1
done
[ "$(state)" = T ] || { echo "state $(state), expected T (stopped)"; exit 1; }
# it stays stopped until continued
sleep 0.3
[ "$(state)" = T ] || { echo "state $(state) after 0.3 s, expected T"; exit 1; }
kill -CONT "$pid"
for i in $(seq 100); do
	[ "$(state)" != T ] && break
	sleep 0.1
done
[ "$(state)" != T ] || { echo "still stopped after SIGCONT"; exit 1; }
exit 0
