#!/usr/bin/env bash
# The consumer stays leak- and error-free under valgrind with destructive
# actions: system() in BEGIN, tick and END (its command formatted from the
# record), chill() (its per-CPU map) and the -w notice.
command -v valgrind >/dev/null || { echo "valgrind missing"; exit 1; }
supp="$TESTDIR/../valgrind.supp"
out=$(valgrind --error-exitcode=9 --leak-check=full --errors-for-leak-kinds=definite \
	--suppressions="$supp" "$DTRACE" -wqn '
	BEGIN { system("echo sys %d %s", 42, "str"); chill(1000); printf("begin\n"); }
	tick-50ms { system("echo tick"); exit(0); }
	END { system("echo end %s", probename); }' 2>&1)
rc=$?
echo "$out" | tail -n 20
[ $rc -eq 0 ] || { echo "valgrind exit $rc"; exit 1; }
echo "$out" | grep -q "All heap blocks were freed" || exit 1
echo "$out" | grep -q "^sys 42 str$" && echo "$out" | grep -q "^begin$" &&
    echo "$out" | grep -q "^tick$" && echo "$out" | grep -q "^end END$"
