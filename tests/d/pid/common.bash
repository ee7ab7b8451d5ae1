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
# private_libs: copies of libc and the dynamic linker in $tmp/lib, and in
# $private_ld the cc flags that make a program run on them (build_pid
# NAME $private_ld).  Such a program is the only process a libc-wide pid
# link visits for each uprobe (arming every libc instruction takes
# seconds, not the minutes it takes with every process mapping libc), and
# any uprobe the kernel leaks (a dtrace killed inside BPF_LINK_CREATE)
# stays on a throwaway file rather than slowing every exec that maps the
# system's libc.
private_libs() {
	mkdir -p "$tmp/lib"
	cp "$(cc -print-file-name=libc.so.6)" "$(cc -print-file-name=ld-linux-x86-64.so.2)" \
	    "$tmp/lib/" || fail "cannot copy libc and ld.so"
	private_ld="-Wl,-rpath,$tmp/lib -Wl,--dynamic-linker=$tmp/lib/ld-linux-x86-64.so.2"
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
# in_order A DTRACE-ARGS...: dtrace -Z -q DTRACE-ARGS -p on $tmp/dlopen
# (usdt_lib.c built with -DUSDT_DLOPEN; its library in
# $tmp/lib/libusdtlib.so), run on one CPU so that the records of one
# buffer come in order; once dtrace is ready the program is signalled to
# dlopen() the library.  The clauses print "A n" (A the given prefix:
# "A", "A lib_tick") for each call n, "B n" for each even one, and exit
# at 20; every call from the first one traced must show so, in order.
in_order() {
	local a=$1 i n first; shift
	start_waiting taskset -c 1 "$tmp/dlopen" "$tmp/lib/libusdtlib.so" 10
	rm -f "$tmp/out"	# -o appends
	"$DTRACE" -Z -q "$@" -n 'BEGIN { printf("ready\n"); }' -p $wpid \
	    -o "$tmp/out" 2>"$tmp/err" &
	dpid=$!
	for ((i = 0; i < 600; i++)); do
		[ -s "$tmp/out" ] && break
		kill -0 $dpid 2>/dev/null || fail "dtrace exited: $(cat "$tmp/err")"
		sleep 0.1
	done
	kill -USR1 $wpid
	timeout 60 tail --pid=$dpid -f /dev/null || fail "-p: dtrace did not see 21 calls"
	wait $dpid || fail "-p: dtrace failed"
	dpid=
	first=$(awk -v a="$a" 'index($0, a " ") == 1 { print $NF; exit }' "$tmp/out")
	[ -n "$first" ] && [ "$first" -le 20 ] || fail "-p: no call before 20"
	for ((n = first; n <= 20; n++)); do
		echo "$a $n"
		((n % 2)) || echo "B $n"
	done >"$tmp/want"
	grep -v '^ready$\|^$' "$tmp/out" | diff "$tmp/want" - >"$tmp/diff" ||
	    fail "-p: the clauses did not run in order on each call: $(cat "$tmp/diff")"
}
