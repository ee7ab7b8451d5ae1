# Sourced by the usdt provider's tests: $tmp, fail, start_waiting (from
# the pid tests) and build_usdt NAME [CFLAGS...]: tests/d/progs/usdt_prog.c
# (<sys/sdt.h> probes with semaphores) into $tmp/NAME.
. "$TESTDIR/pid/common.bash"
build_usdt() {
	local name=$1; shift
	cc "$@" -o "$tmp/$name" "$TESTDIR/progs/usdt_prog.c" || fail "cannot build usdt_prog"
}
