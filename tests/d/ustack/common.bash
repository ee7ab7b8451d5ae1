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
