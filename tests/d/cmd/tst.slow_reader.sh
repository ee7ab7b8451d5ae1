#!/bin/bash
# A reader slower than the trace does not make records vanish: while the
# output blocks, the programs count what the buffers refuse, and those
# drops are reported once the consumer can go on.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"; kill $load 2>/dev/null' EXIT
fail=0
# a steady stream of read()s, without an exec each (starting a program
# can take most of a second on a machine that pages executables out)
(while :; do read -r _ </proc/self/stat; done) &
load=$!
timeout 60 "$DTRACE" -b 16k -x switchrate=10ms -qn \
    'syscall::read:entry { printf("%d %s %d\n", pid, execname, arg2); }
     tick-4s { exit(0); }' 2>"$tmp/err" | (sleep 3; cat >/dev/null)
rc=${PIPESTATUS[0]}
kill $load 2>/dev/null
[ $rc = 0 ] || { echo "exit status $rc"; fail=1; }
grep -Eq '^dtrace: [0-9]+ drops? on CPU [0-9]+$' "$tmp/err" ||
	{ echo "no drops reported; stderr:"; cat "$tmp/err"; fail=1; }
exit $fail
