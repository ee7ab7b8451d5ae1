# Sourced by shell tests: build_prog NAME compiles tests/d/progs/NAME.c,
# statically (so that no dynamic loader adds system calls), into $tmp/NAME.
build_prog() {
	cc -static -pthread -O0 -o "$tmp/$1" "$TESTDIR/progs/$1.c" || {
		echo "cannot build $1"
		exit 1
	}
}
