#!/bin/bash
# lockstat adaptive-acquire-error: lock_load intr signals a thread 50 ms
# into its wait for a pseudo-terminal's reader mutex
# (mutex_lock_interruptible): the wait ends without the lock, and
# adaptive-acquire-error fires once with args[1] the error, -EINTR (-4),
# and no adaptive-block for that wait.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$TESTDIR/progs/build.bash"
build_prog lock_load
cat >"$tmp/s.d" <<'SEOF'
#pragma D option quiet
lockstat:::adaptive-acquire-error /pid == $target/
{
	printf("%s %d %d\n", probename, args[1], arg0 != 0);
}
lockstat:::adaptive-block /pid == $target/ { printf("%s\n", probename); }
SEOF
"$DTRACE" -s "$tmp/s.d" -c "$tmp/lock_load intr" >"$tmp/out" 2>"$tmp/err" || {
	echo "dtrace failed"; cat "$tmp/err"; exit 1; }
printf 'adaptive-acquire-error -4 1\n\n' | diff -u - "$tmp/out"
