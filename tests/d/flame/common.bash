# Sourced by the flame graph tests: $tmp (removed at exit), and
# build_tree, which builds tests/d/progs/flame_tree.c with frame pointers
# into $tmp/flame_tree (its call tree: main -> left -> leaf twice per
# call, 3 calls; main -> right -> leaf, 2 calls).
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
build_tree() {
	cc -fno-omit-frame-pointer -O0 -o "$tmp/flame_tree" "$TESTDIR/progs/flame_tree.c" || {
		echo "cannot build flame_tree"
		exit 1
	}
}
