#!/bin/bash
# A disk that fills up while dtrace writes to it at a high rate (-o into a
# 64 KiB tmpfs; every system call on the machine printed) ends tracing by
# itself: dtrace says "processing aborted: No space left on device" once,
# exits 1, and the file holds what fitted.  The same when the output
# that does not fit comes at the end (an aggregation printed at exit).
# A watchdog (60 s) makes a hang fail instead of blocking.
tmp=$(mktemp -d)
mnt=$tmp/mnt
cleanup() {
	mountpoint -q "$mnt" && umount "$mnt"
	rm -rf "$tmp"
}
trap cleanup EXIT
. "$TESTDIR/lifecycle/output.bash"
fail=0
want='dtrace: processing aborted: No space left on device'
mkdir "$mnt"
mount -t tmpfs -o size=64k tmpfs "$mnt" || { echo "cannot mount a tmpfs"; exit 1; }

timeout -s KILL 60 "$DTRACE" -o "$mnt/out" -qn '
    syscall:::entry { printf("%d %s %d\n", pid, execname, timestamp); }
    profile-997 { printf("%d %s %d\n", pid, execname, timestamp); }' 2>"$tmp/err"
rc=$?
[ $rc = 1 ] || { echo "records: exit status $rc (137: it never stopped)"; fail=1; }
expect_abort "$tmp/err" "$want" || fail=1
size=$(stat -c %s "$mnt/out")
[ "$size" -ge 32768 ] || { echo "records: only $size bytes written"; fail=1; }
head -n 1 "$mnt/out" | grep -Eqx '[0-9]+ .+ [0-9]+' || { echo "records: first line:"; head -n 1 "$mnt/out"; fail=1; }

# room again, but the aggregation printed at the end (1000 keys of 100
# bytes and more) does not fit
rm -f "$mnt/out"
pad=$(printf '%0100d' 0)
timeout -s KILL 60 "$DTRACE" -o "$mnt/out" -qn '
    tick-1ms /i < 1000/ { @[i++, "'"$pad"'"] = count(); }
    tick-1ms /i >= 1000/ { exit(0); }' 2>"$tmp/err"
rc=$?
[ $rc = 1 ] || { echo "end: exit status $rc"; fail=1; }
expect_abort "$tmp/err" "$want" || fail=1
exit $fail
