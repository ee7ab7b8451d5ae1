#!/usr/bin/env bash
# The fill and ring consumers are leak- and error-free under valgrind,
# through a fault report, a drop (ring: a record larger than the buffer),
# END and the final reading of the buffers.
command -v valgrind >/dev/null || { echo "valgrind missing"; exit 1; }
supp="$TESTDIR/../valgrind.supp"
for run in "fill 4k" "ring 300"; do
	set -- $run
	out=$(valgrind --error-exitcode=9 --leak-check=full --errors-for-leak-kinds=definite \
		--suppressions="$supp" "$DTRACE" -x bufpolicy=$1 -b $2 -qn '
		BEGIN { printf("%d %s\n", 1, execname); x = 0; trace(1/x); }
		BEGIN { printf("%s %s\n", execname, execname); }
		tick-50ms { exit(0); }
		ERROR { printf("err %d\n", arg4); }
		END { printf("end\n"); }' 2>&1)
	rc=$?
	echo "$1:"; echo "$out" | grep -v "^==[0-9]*== *$" | tail -n 12
	[ $rc -eq 0 ] || { echo "valgrind exit $rc"; exit 1; }
	echo "$out" | grep -q "All heap blocks were freed" || exit 1
	echo "$out" | grep -q "^err 4$" && echo "$out" | grep -q "^end$" || exit 1
	[ $1 = fill ] || echo "$out" | grep -q "^dtrace: 1 drop on CPU [0-9]*$" || exit 1
done
exit 0
