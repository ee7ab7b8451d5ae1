# Sourced by the pid provider's tests: $tmp, fail, and builders of
# tests/d/progs/pid_funcs.c (dynamically linked, so libc is a module of
# its own).
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail() { echo "$1"; [ -f "$tmp/out" ] && cat "$tmp/out"; [ -f "$tmp/err" ] && cat "$tmp/err"; exit 1; }
# build_pid NAME [CFLAGS...]: pid_funcs.c into $tmp/NAME (PIE unless
# the flags say -no-pie)
build_pid() {
	local name=$1; shift
	cc -O1 "$@" -o "$tmp/$name" "$TESTDIR/progs/pid_funcs.c" || fail "cannot build pid_funcs"
}
# func_addr PROG FUNC: FUNC's address in PROG's symbol table (hex, no 0x)
func_addr() {
	nm "$1" | awk -v f="$2" '$3 == f { print $1 }'
}
# ret_offsets PROG FUNC: the offsets in FUNC of its ret instructions (hex)
ret_offsets() {
	local a x
	a=$(func_addr "$1" "$2")
	for x in $(objdump -d --no-show-raw-insn "$1" | awk -v f="<$2>:" '
		$2 == f { on = 1; next }
		on && /^$/ { exit }
		on && $2 ~ /^ret/ { sub(":", "", $1); print $1 }'); do
		printf '%x\n' $((16#$x - 16#$a))
	done
}
# start_waiting PROG ARGS...: run PROG in the background until it says
# ready; its pid in $wpid
start_waiting() {
	"$@" >"$tmp/prog.out" 2>&1 &
	wpid=$!
	for ((i = 0; i < 100; i++)); do
		grep -q ready "$tmp/prog.out" && return 0
		sleep 0.05
	done
	fail "the program did not start"
}
