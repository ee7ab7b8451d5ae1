#!/usr/bin/env bash
# The consumer stays leak- and error-free under valgrind through print() of
# D and kernel types (BTF built and freed per print), tracemem(), freopen()
# and its failure, ftruncate(), -x rawbytes and -F.
command -v valgrind >/dev/null || { echo "valgrind missing"; exit 1; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
supp="$TESTDIR/../valgrind.supp"
out=$(valgrind --error-exitcode=9 --leak-check=full --errors-for-leak-kinds=definite \
	--suppressions="$supp" "$DTRACE" -wF -x rawbytes -x strsize=16 -n '
	struct s { int a; char b[4]; struct s *next; };
	BEGIN { p = (struct s *)alloca(sizeof(struct s)); p->a = 3; p->b[0] = 0x41;
	    print(p); print(curthread); tracemem(p, 16, 5); trace("str");
	    freopen("'"$tmp"'/f%d", 1); printf("to file\n"); ftruncate();
	    printf("kept\n"); freopen(".."); freopen(""); exit(0); }
	END { printf("end\n"); }' 2>&1)
rc=$?
echo "$out" | tail -n 20
[ $rc -eq 0 ] || { echo "valgrind exit $rc"; exit 1; }
echo "$out" | grep -q "All heap blocks were freed" || exit 1
echo "$out" | grep -q "(struct task_struct) {" && echo "$out" | grep -q "^ *[0-9]* | :END  *end$" &&
    [ "$(cat "$tmp/f1")" = kept ]
