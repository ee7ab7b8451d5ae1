#!/bin/bash
# The -c process exits right after its system calls, before dtrace has
# read their records: dtrace holds it at its exit (ptrace) and keeps its
# mappings and symbols then, so all three stacks are still symbolized.
. "$TESTDIR/ustack/common.bash"
build_chain chain
$DTRACE -n 'syscall::getppid:entry /pid == $target/ { ustack(); }' -c "$tmp/chain 3" >"$tmp/out" 2>"$tmp/err" || exit 1
n=$(grep -c '^              chain`c+0x[0-9a-f]*$' "$tmp/out")
m=$(grep -c '^              chain`main+0x[0-9a-f]*$' "$tmp/out")
[ "$n" = 3 ] && [ "$m" = 3 ] || { echo "symbolized: c $n, main $m"; cat "$tmp/out"; exit 1; }
grep -q "pid [0-9]* has exited" "$tmp/err" || { echo "no exit message"; cat "$tmp/err"; exit 1; }
exit 0
