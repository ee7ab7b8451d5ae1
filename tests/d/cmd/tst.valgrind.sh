#!/usr/bin/env bash
# The consumer is leak- and error-free under valgrind through compile,
# load, a fault with an ERROR clause, tick firing, exit and END.
command -v valgrind >/dev/null || { echo "valgrind missing"; exit 1; }
supp="$TESTDIR/../valgrind.supp"
out=$(valgrind --error-exitcode=9 --leak-check=full --errors-for-leak-kinds=definite \
	--suppressions="$supp" "$DTRACE" -qn '
	BEGIN { printf("%d %s\n", 1, execname); x = 0; trace(1/x); }
	tick-50ms { exit(0); }
	ERROR { printf("err %d\n", arg4); }
	END { printf("end\n"); }' 2>&1)
rc=$?
echo "$out" | tail -n 20
[ $rc -eq 0 ] || { echo "valgrind exit $rc"; exit 1; }
echo "$out" | grep -q "All heap blocks were freed" || exit 1
echo "$out" | grep -q "^err 4$" && echo "$out" | grep -q "^end$"
