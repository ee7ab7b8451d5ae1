#!/bin/bash
# lockstat rw-block: lock_load mmap maps and unmaps memory in four
# threads: they wait for the process's mmap_lock (a struct rw_semaphore)
# as writers: rw-block with args[2] == RW_WRITER (dlib/lockstat.d) and a wait under
# 10 s.  rw-spin: lock_load fork forks in four threads (tasklist_lock, a
# rwlock_t): rw-spin fires, args[2] 0 or 1 (RW_READER).
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$TESTDIR/progs/build.bash"
build_prog lock_load
cat >"$tmp/s.d" <<'SEOF'
#pragma D option quiet
lockstat:::rw-block /pid == $target && args[2] == RW_WRITER/ { w++; }
lockstat:::rw-block /pid == $target && args[1] >= 10000000000/ { bad++; }
END { printf("%d %d\n", w, bad); }
SEOF
"$DTRACE" -s "$tmp/s.d" -c "$tmp/lock_load mmap 500" >"$tmp/out" 2>"$tmp/err" || {
	echo "dtrace failed"; cat "$tmp/err"; exit 1; }
read -r w bad <"$tmp/out"
[ "$w" -ge 1 ] && [ "$bad" = 0 ] || { echo "rw-block: $w writers, $bad bad"; exit 1; }
cat >"$tmp/s.d" <<'SEOF'
#pragma D option quiet
lockstat:::rw-spin /pid == $target/ { n++; }
lockstat:::rw-spin /pid == $target && (args[2] != RW_WRITER && args[2] != RW_READER || args[1] >= 1000000000)/ { bad++; }
END { printf("%d %d\n", n, bad); }
SEOF
for try in 1 2 3; do
	"$DTRACE" -s "$tmp/s.d" -c "$tmp/lock_load fork 700" >"$tmp/out" 2>"$tmp/err" || {
		echo "dtrace failed"; cat "$tmp/err"; exit 1; }
	read -r n bad <"$tmp/out"
	[ "$bad" = 0 ] || { echo "rw-spin: $bad bad"; exit 1; }
	[ "$n" -ge 1 ] && exit 0
done
echo "rw-spin never fired"
exit 1
