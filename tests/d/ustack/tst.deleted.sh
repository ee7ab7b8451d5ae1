#!/bin/bash
# ustack() of a process whose executable was deleted, or replaced by
# another program (here the same code with other function names at the
# same addresses), after it started: its frames print as addresses in
# the object's module (wait`0x...), neither with the new file's symbols
# nor with the "(deleted)" that /proc/PID/maps adds to the path.
. "$TESTDIR/ustack/common.bash"
cc -fno-omit-frame-pointer -O0 -o "$tmp/wait" "$TESTDIR/progs/ustack_wait.c" || exit 1
cc -fno-omit-frame-pointer -O0 -Da=wrong_a -Db=wrong_b -Dc=wrong_c -o "$tmp/other" \
    "$TESTDIR/progs/ustack_wait.c" || exit 1
fail() { echo "$1"; cat "$tmp/out" "$tmp/err"; exit 1; }
mkdir "$tmp/bin"
for how in deleted replaced; do
	cp "$tmp/wait" "$tmp/bin/wait"
	"$tmp/bin/wait" 1 &
	tpid=$!
	# its exec done and waiting for the signal
	for ((i = 0; i < 100; i++)); do
		[ "$(readlink /proc/$tpid/exe)" = "$tmp/bin/wait" ] &&
			grep -q '^State:.*S' /proc/$tpid/status && break
		sleep 0.1
	done
	rm "$tmp/bin/wait"
	[ $how = replaced ] && cp "$tmp/other" "$tmp/bin/wait"
	: >"$tmp/out"	# no "ready" of an earlier run
	"$DTRACE" -qn 'BEGIN { printf("ready\n"); }
	    syscall::getppid:entry /pid == $target/ { ustack(); }' -p $tpid >"$tmp/out" 2>"$tmp/err" &
	dpid=$!
	for ((i = 0; i < 100; i++)); do
		grep -q ready "$tmp/out" && break
		sleep 0.1
	done
	kill -USR1 $tpid
	wait $tpid; wait $dpid || fail "$how: dtrace failed"
	n=$(grep -c '^              wait`0x[0-9a-f]*$' "$tmp/out")
	[ "$n" -ge 4 ] || fail "$how: $n frames as addresses"
	grep -q 'wrong_\|deleted\|^ *wait`[a-z_]' "$tmp/out" && fail "$how: symbols"
done
exit 0
