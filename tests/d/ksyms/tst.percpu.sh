#!/usr/bin/env bash
# Per-CPU kernel variables on every CPU: a target pinned to each CPU in
# turn makes a getppid() call; there `cpu_number and `runqueues.cpu are
# that CPU and its run queue's current task is the target, and each CPU's
# copy of cpu_number lies this_cpu_off past the same link address.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$TESTDIR/progs/build.bash"
build_prog ucall
fail=0 n=0
for c in $(seq 0 63); do
	[ $n -lt 4 ] && taskset -c "$c" true 2>/dev/null || continue
	n=$((n + 1))
	out=$("$DTRACE" -qn 'syscall::getppid:entry /pid == $target/ {
		printf("%d %d %d %d %x\n", cpu, `cpu_number, `runqueues.cpu,
		    `runqueues.curr == curthread,
		    (uintptr_t)&`cpu_number - `this_cpu_off); }' \
	    -c "taskset -c $c $tmp/ucall" 2>&1 | head -n 1)
	set -- $out
	echo "cpu $c: $out"
	[ "$1 $2 $3 $4" = "$c $c $c 1" ] || fail=1
	[ -z "${link:-}" ] && link=$5
	[ "$5" = "$link" ] || fail=1
done
[ $n -gt 0 ] || { echo "no CPU to run on"; exit 1; }
exit $fail
