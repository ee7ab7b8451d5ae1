#!/usr/bin/env bash
# The consumer stays leak- and error-free with associative arrays of
# structs and arrays: declared and implied ones, two keys, elements
# copied whole and from a translated *curpsinfo, deleted by 0, a run-time
# index fault in an element's array, and the compile errors such arrays
# raise (the error unwinds through their keys).
command -v valgrind >/dev/null || { echo "valgrind missing"; exit 1; }
supp="$TESTDIR/../valgrind.supp"
vg() {
	valgrind --error-exitcode=9 --leak-check=full --errors-for-leak-kinds=definite \
		--suppressions="$supp" "$DTRACE" "$@" 2>&1
}
out=$(vg -qn '
struct foo { int x; char n[8]; long a[2]; } f[string, int]; int v[int][3];
BEGIN { f["a", 1].x = 2; f["a", 1].n = "nm"; f["b", 2] = f["a", 1]; f["a", 1] = 0;
	ps[pid] = *curpsinfo; self->g[1] = f["b", 2]; v[1][2] = 3; }
BEGIN { i = 9; v[1][i] = 1; }
BEGIN { printf("\n%d %s %d %d %d %d\n", f["b", 2].x, f["b", 2].n, f["a", 1].x,
	self->g[1].x, v[1][2], ps[pid].pr_pid == pid); exit(0); }')
rc=$?
echo "$out" | tail -n 20
[ $rc -eq 0 ] || { echo "valgrind exit $rc"; exit 1; }
echo "$out" | grep -q "All heap blocks were freed" || exit 1
echo "$out" | grep -q "^2 nm 0 2 3 1$" || exit 1
echo "$out" | grep -q "index out of bounds (9)" || exit 1
out=$(vg -e -n 'struct foo { int x; } f[int]; BEGIN { f[1] = 3; }')
rc=$?
[ $rc -eq 1 ] || { echo "compile error: exit $rc"; echo "$out" | tail -n 20; exit 1; }
echo "$out" | grep -q "incompatible types" || exit 1
echo "$out" | grep -q "All heap blocks were freed" || exit 1
