#!/usr/bin/env bash
# Declarations that fail part way are leak-free under valgrind: a struct
# whose second member is in error (its first member was already laid
# out), a duplicate member, enumerators beyond int and duplicated, and a
# redeclared struct; each is refused with exit status 1.
command -v valgrind >/dev/null || { echo "valgrind missing"; exit 1; }
supp="$TESTDIR/../valgrind.supp"
fail=0
for prog in 'struct s { int a; int b:99; };' \
    'struct s { int a; char b; int a; };' \
    'enum e { A = 2147483647, B };' \
    'enum e { A, B, A };' \
    'struct s { int a; }; struct s { int b; };'; do
	out=$(valgrind --error-exitcode=9 --leak-check=full --errors-for-leak-kinds=definite \
	    --suppressions="$supp" "$DTRACE" -e -n "$prog" 2>&1)
	rc=$?
	if [ $rc -ne 1 ]; then
		echo "$prog: exit status $rc"; echo "$out" | tail -n 20; fail=1
	fi
done
exit $fail
