#!/bin/bash
# -x evaltime: the -c command is run, before the program is compiled, to
# the point the option names, and let go there once tracing has started.
# pctl_prog (PIE, with libpctl_lib.so) writes 3 bytes in the library's
# initializer, 4 in its own constructor, 5 in main's first statement:
#   exec      everything is traced, the dynamic linker's openat()s too
#   preinit   libraries mapped (no openat left), no initializer run yet
#   postinit  (the default) the library's initializer has run
#   main      only main's write is traced
. "$TESTDIR/pctl/common.bash"
build_pctl
O='syscall::openat:entry /pid == $target/ { opens++; }
    END { printf("%s\n", opens ? "opens" : "none"); }'
run() {
	"$DTRACE" -qn "$W $O" ${1:+-x evaltime=$1} -c "$tmp/pctl_prog" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	got=$(grep -E '(opens|none)$' "$tmp/out")
	[ $rc = 0 ] && [ ! -s "$tmp/err" ] && [ "$got" = "$2" ] && return 0
	echo "evaltime=${1:-default}: exit $rc, got '$got', expected '$2'"
	cat "$tmp/out" "$tmp/err"
	exit 1
}
run exec "3 4 5 opens"
run preinit "3 4 5 none"
run postinit "4 5 none"
run main "5 none"
run "" "4 5 none"
# the target's own output, whatever the point
grep -q '^main$' "$tmp/out" || { echo "no output of the target"; exit 1; }
exit 0
