# Sourced by the usymfn tests: $tmp, and tests/d/progs/usymfn.c built
# into $tmp/usymfn (dynamically linked: getpid() is libc.so.6's; PIE, so
# its own functions are found through the load bias).
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cc -O0 -o "$tmp/usymfn" "$TESTDIR/progs/usymfn.c" || { echo "cannot build usymfn"; exit 1; }
fail() { echo "$1; got:"; cat -A "$tmp/out"; exit 1; }
