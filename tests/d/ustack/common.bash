# Sourced by the ustack tests: $tmp, and build_chain NAME [CFLAGS...]
# builds tests/d/progs/ustack_chain.c with frame pointers (dynamically
# linked, so libc frames come from a shared object) into $tmp/NAME.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
build_chain() {
	local name=$1; shift
	cc -fno-omit-frame-pointer -O0 "$@" -o "$tmp/$name" "$TESTDIR/progs/ustack_chain.c" || {
		echo "cannot build ustack_chain"
		exit 1
	}
}
# the frames of program NAME in the output, in order, as "func" lines
frames_of() {
	sed -n "s/^ *$1\`\([a-z_]*\)+0x[0-9a-f]*\$/\1/p"
}
# build_debug NAME: tests/d/progs/ustack_debug.c with frame pointers and
# DWARF into $tmp/NAME (static functions dbg_outer, dbg_middle, dbg_inner)
build_debug() {
	cc -g -fno-omit-frame-pointer -O0 -o "$tmp/$1" "$TESTDIR/progs/ustack_debug.c" || {
		echo "cannot build ustack_debug"
		exit 1
	}
}
# ustack_of PROG ARGS...: ustack() at PROG's getppid system call, to $tmp/out
ustack_of() {
	$DTRACE -qn 'syscall::getppid:entry /pid == $target/ { ustack(); }' -c "$*" >"$tmp/out" || {
		echo "dtrace failed"
		exit 1
	}
}
# expect_static NAME: $tmp/out has NAME's static chain by name
expect_static() {
	local got
	got=$(frames_of "$1" <"$tmp/out" | tr '\n' ' ')
	got=${got% }
	got=${got% _start}	# DWARF unwinding reaches _start, the frame-pointer walk stops at main
	[ "$got" = "dbg_inner dbg_middle dbg_outer main" ] || { echo "$1 frames: '$got'"; cat "$tmp/out"; exit 1; }
}
# expect_bare NAME: $tmp/out has NAME's frames as addresses only
expect_bare() {
	local n
	n=$(grep -c "^              $1\`0x[0-9a-f]*\$" "$tmp/out")
	[ "$n" -ge 3 ] || { echo "$1 hex frames: $n"; cat "$tmp/out"; exit 1; }
	! grep -q "$1\`[a-z_]" "$tmp/out" || { echo "symbols in stripped $1"; cat "$tmp/out"; exit 1; }
}
