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
