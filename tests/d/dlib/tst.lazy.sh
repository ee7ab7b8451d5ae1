#!/usr/bin/env bash
# D libraries are compiled only when a program uses a name they define
# (sema/dlib.c): a library whose declarations have an error costs a
# program that does not use it nothing, and fails, at the library's line,
# the one that does (even when the first use is in a predicate, which
# sema may lower twice).  A library's typedef names are known when the
# libraries that depend on it are parsed.  A provider's argument type
# (proc:::create's psinfo_t *) compiles its library.  Every library
# dtrace ships compiles.  -x nolibs reads none.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
check() {	# check NAME EXPECTED ACTUAL
	[ "$2" = "$3" ] || { echo "$1: expected [$2], got [$3]"; fail=1; }
}
mkdir "$tmp/a" "$tmp/b" "$tmp/all"
printf 'inline int LAZY = 1;\ninline int LAZY = 2;\n' >"$tmp/a/bad.d"
out=$("$DTRACE" -L "$tmp/a" -qn 'BEGIN { printf("ok %d\n", ESRCH); exit(0); }' 2>&1)
check "unused" "ok 3" "$out"
err="\"$tmp/a/bad.d\", line 2: identifier redefined: LAZY
	 current: inline definition
	previous: scalar inline"
out=$("$DTRACE" -L "$tmp/a" -qn 'BEGIN { trace(LAZY); }' 2>&1)
check "used" "dtrace: invalid probe specifier BEGIN { trace(LAZY); }: $err" "$out"
out=$("$DTRACE" -L "$tmp/a" -qn 'BEGIN /LAZY/ { trace(LAZY); }' 2>&1)
check "used in a predicate" "dtrace: invalid probe specifier BEGIN /LAZY/ { trace(LAZY); }: $err" "$out"
# a typedef of the library depended on, in a cast and in sizeof
printf 'typedef int myint_t;\n' >"$tmp/b/base.d"
printf '#pragma D depends_on library base.d\ninline int CAST = sizeof(myint_t) + (myint_t)3;\n' >"$tmp/b/user.d"
out=$("$DTRACE" -L "$tmp/b" -qn 'BEGIN { printf("%d\n", CAST); exit(0); }' 2>&1)
check "typedef of a dependency" "7" "$out"
# every shipped library: one that depends on all of them
bin=$(dirname "$DTRACE")
for f in "$bin"/dlib/*.d "$bin"/../dlib/*.d; do
	echo "#pragma D depends_on library $(basename "$f")"
done >"$tmp/all/all.d"
echo 'inline int ALL = 1;' >>"$tmp/all/all.d"
[ "$(grep -c depends_on "$tmp/all/all.d")" -ge 5 ] || { echo "libraries: $(cat "$tmp/all/all.d")"; fail=1; }
out=$("$DTRACE" -L "$tmp/all" -qn 'BEGIN { printf("%d\n", ALL); exit(0); }' 2>&1)
check "every library" "1" "$out"
# a library type reached only through a provider's argument type
out=$("$DTRACE" -e -n 'proc:::create { trace(args[0]->pr_pid); }' 2>&1)
check "argument type" "" "$out"
out=$("$DTRACE" -x nolibs -qn 'BEGIN { trace(ESRCH); }' 2>&1)
check "nolibs" "dtrace: invalid probe specifier BEGIN { trace(ESRCH); }: in action list: failed to resolve ESRCH: Unknown variable name" "$out"
exit $fail
