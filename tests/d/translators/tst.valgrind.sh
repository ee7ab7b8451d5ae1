#!/usr/bin/env bash
# Translators and the D library are leak- and error-free under valgrind:
# the library loaded, a library translator checked and used, and a
# compile error inside a translator.
command -v valgrind >/dev/null || { echo "valgrind missing"; exit 1; }
supp="$TESTDIR/../valgrind.supp"
vg() {
	valgrind --error-exitcode=9 --leak-check=full --errors-for-leak-kinds=definite \
		--suppressions="$supp" "$DTRACE" "$@" 2>&1
}
out=$(vg -qn 'BEGIN { printf("%d %d\n", curpsinfo->pr_fname == execname, curlwpsinfo->pr_lwpid == tid); exit(0); }')
rc=$?
echo "$out" | tail -n 20
[ $rc -eq 0 ] || { echo "valgrind exit $rc"; exit 1; }
echo "$out" | grep -q "All heap blocks were freed" || exit 1
echo "$out" | grep -q "^1 1$" || exit 1
out=$(vg -qn 'struct o { int a; }; translator struct o < int x > { a = x->y; }; BEGIN { }')
rc=$?
echo "$out" | tail -n 20
[ $rc -eq 1 ] || { echo "valgrind exit $rc"; exit 1; }
echo "$out" | grep -q "All heap blocks were freed" || exit 1
echo "$out" | grep -q 'operator -> must be applied to a pointer'
