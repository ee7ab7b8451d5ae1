#!/bin/bash
# Two dtrace processes tracing the same syscall probes at once each get
# their own output, with every firing: both grab (-p) one workload, which
# waits for both to be ready and then calls getppid 4 times.
tmp=$(mktemp -d)
pids=()
cleanup() {
	for p in "${pids[@]}"; do kill -KILL "$p" 2>/dev/null; done
	rm -rf "$tmp"
}
trap cleanup EXIT
. "$TESTDIR/progs/build.bash"
build_prog sysload
"$tmp/sysload" 4 "$tmp/go" &
wpid=$!
pids+=($wpid)
for c in A B; do
	taskset -c 0 "$DTRACE" -q -n 'BEGIN { printf("ready\n"); }' \
	    -n 'syscall::getppid:entry /pid == $target/ { printf("'$c' entry %d\n", pid == $target); }' \
	    -n 'syscall::getppid:return /pid == $target/ { printf("'$c' return %d\n", arg0 == ppid); }' \
	    -p $wpid >"$tmp/$c.out" 2>"$tmp/$c.err" &
	pids+=($!)
done
for i in $(seq 1 100); do
	grep -q ready "$tmp/A.out" && grep -q ready "$tmp/B.out" && break
	sleep 0.05
done
touch "$tmp/go"
fail=0
for n in 1 2; do
	wait "${pids[$n]}"
	rc=$?
	[ $rc = 0 ] || { echo "dtrace $n: exit status $rc"; cat "$tmp/A.err" "$tmp/B.err"; fail=1; }
done
wait $wpid
for c in A B; do
	{
		echo ready
		for i in 1 2 3 4; do echo "$c entry 1"; echo "$c return 1"; done
		echo
	} >"$tmp/want"
	diff -u "$tmp/want" "$tmp/$c.out" || fail=1
done
exit $fail
