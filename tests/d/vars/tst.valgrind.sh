#!/usr/bin/env bash
# A clause whose predicate and actions are lowered in the other order
# after an error (a variable one of them declares) is leak-free and clean
# under valgrind, whether it then compiles (exit 0) or not (exit 1).
command -v valgrind >/dev/null || { echo "valgrind missing"; exit 1; }
supp="$TESTDIR/../valgrind.supp"
fail=0
run() {
	local want=$1 prog=$2
	out=$(valgrind --error-exitcode=9 --leak-check=full --errors-for-leak-kinds=definite \
	    --suppressions="$supp" "$DTRACE" -e -n "$prog" 2>&1)
	rc=$?
	if [ $rc -ne "$want" ]; then
		echo "$prog: exit status $rc, expected $want"; echo "$out" | tail -n 20; fail=1
	fi
}
run 0 'BEGIN /x == 0 && (y = 1) > 0/ { x = 1; trace(y); }'
run 0 'BEGIN /v == 0 && (u = 1) > 0/ { v = 1; trace(u); if (u) { printf("%d", v); } }'
run 1 'BEGIN /y > 0 && (x = 1) > 0/ { trace(x); y = 2; }'
run 1 'BEGIN /z == 0/ { @a[z] = count(); printf("%s", strjoin("a", w)); }'
run 1 'BEGIN /1 + "a"/ { trace(1 + "b"); }'
exit $fail
