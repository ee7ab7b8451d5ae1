#!/usr/bin/env bash
# The consumer stays leak- and error-free with D objects: global and
# thread-local arrays and structs, a whole *curpsinfo copied and traced
# (raw bytes in the record), a run-time index fault, and a large strsize
# (the working area in a mapped array, read for aggregation drops).
command -v valgrind >/dev/null || { echo "valgrind missing"; exit 1; }
supp="$TESTDIR/../valgrind.supp"
vg() {
	valgrind --error-exitcode=9 --leak-check=full --errors-for-leak-kinds=definite \
		--suppressions="$supp" "$DTRACE" "$@" 2>&1
}
out=$(vg -x strsize=2048 -qn '
int a[4]; self struct foo { int x; char n[8]; } f;
BEGIN { a[1] = 2; self->f.x = a[1]; ps = *curpsinfo; trace(*curpsinfo); @[strjoin(ps.pr_fname, "!")] = count(); }
BEGIN { i = 9; a[i] = 1; }
BEGIN { printf("\n%d %d %d\n", a[1], self->f.x, ps.pr_fname == execname); exit(0); }')
rc=$?
echo "$out" | tail -n 20
[ $rc -eq 0 ] || { echo "valgrind exit $rc"; exit 1; }
echo "$out" | grep -q "All heap blocks were freed" || exit 1
echo "$out" | grep -q "^2 2 1$" || exit 1
echo "$out" | grep -q "index out of bounds (9)" || exit 1
echo "$out" | grep -q "^  [^ ]*! *1$" || exit 1
