#!/usr/bin/env bash
# Speculations are leak- and error-free under valgrind: records committed,
# discarded, and still held (never committed) when dtrace exits.
command -v valgrind >/dev/null || { echo "valgrind missing"; exit 1; }
supp="$TESTDIR/../valgrind.supp"
out=$(valgrind --error-exitcode=9 --leak-check=full --errors-for-leak-kinds=definite \
	--suppressions="$supp" "$DTRACE" -q -x nspec=3 -n '
BEGIN { a = speculation(); b = speculation(); c = speculation(); }
BEGIN { speculate(a); printf("committed\n"); }
BEGIN { speculate(b); printf("discarded\n"); }
BEGIN { speculate(c); printf("held\n"); }
BEGIN { commit(a); }
BEGIN { discard(b); }
BEGIN { exit(0); }' 2>&1)
rc=$?
echo "$out" | tail -n 20
[ $rc -eq 0 ] || { echo "valgrind exit $rc"; exit 1; }
echo "$out" | grep -q "All heap blocks were freed" || exit 1
[ "$(echo "$out" | grep -cx -e committed -e discarded -e held)" = 1 ] || exit 1
echo "$out" | grep -q "^committed$"
