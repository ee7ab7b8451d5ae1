# Sourced by the usdt provider's tests: $tmp, fail, start_waiting (from
# the pid tests) and build_usdt NAME [CFLAGS...]: tests/d/progs/usdt_prog.c
# (<sys/sdt.h> probes with semaphores) into $tmp/NAME; dtrace_start
# SCRIPT: dtrace -qn SCRIPT in the background, its output in $tmp/out,
# stderr in $tmp/err, its pid in $dpid, once its BEGIN has run.
. "$TESTDIR/pid/common.bash"
build_usdt() {
	local name=$1; shift
	cc "$@" -o "$tmp/$name" "$TESTDIR/progs/usdt_prog.c" || fail "cannot build usdt_prog"
}
dtrace_start() {
	"$DTRACE" -qn "$1" -n 'BEGIN { printf("ready\n"); }' -o "$tmp/out" 2>"$tmp/err" &
	dpid=$!
	local l= i
	for ((i = 0; i < 600; i++)); do
		[ -f "$tmp/out" ] && read -r l <"$tmp/out" && [ "$l" = ready ] && return 0
		kill -0 $dpid 2>/dev/null || fail "dtrace exited: $(cat "$tmp/err")"
		sleep 0.1
	done
	fail "dtrace did not start"
}
# dtrace_gone SIG: send dtrace SIG and wait (60 s) for it to exit; if it
# does not, fail with where its threads are in the kernel (a hang at
# exit shows as this message, not as the runner's silent timeout)
dtrace_gone() {
	kill -"$1" $dpid
	if ! timeout -s KILL 60 tail --pid=$dpid -f /dev/null; then
		local t st=
		for t in /proc/$dpid/task/*; do
			st="$st ${t##*/}: $(grep State "$t/status" 2>/dev/null) $(tr '\n' ' ' <"$t/stack" 2>/dev/null)"
		done
		command -v gdb >/dev/null && st="$st $(timeout 20 gdb -batch -p $dpid \
			-ex 'thread apply all bt 12' 2>/dev/null | grep '^#\|^Thread' | tr '\n' ' ')"
		kill -9 $dpid 2>/dev/null
		fail "dtrace $dpid still there 60 s after SIG$1:$st"
	fi
}
