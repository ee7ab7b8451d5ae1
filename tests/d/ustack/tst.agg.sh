#!/bin/bash
# @[ustack()] = count(): the process's one call chain is one key, printed
# at the end as DTrace prints a stack key (a newline, the frames
# indented, the count on the last line), symbolized though the -c
# process exited before the aggregation was printed; two call sites of
# the loop would be two keys (here: one, counted 5 times).
. "$TESTDIR/ustack/common.bash"
build_chain chain
$DTRACE -qn 'syscall::getppid:entry /pid == $target/ { @[ustack()] = count(); @d[ustack(2)] = count(); }' \
    -c "$tmp/chain 5" >"$tmp/out" || exit 1
got=$(frames_of chain <"$tmp/out" | tr '\n' ' ')
[ "$got" = "c b a main _start c b " ] || { echo "frames: '$got'"; cat "$tmp/out"; exit 1; }
# each stack's count on its own line, in dtrace's %16lld column
[ "$(grep -c '^ \{16\}5$' "$tmp/out")" = 2 ] || { echo "counts"; cat -A "$tmp/out"; exit 1; }
# the count follows the stack's last frame
awk '/^ {16}5$/ { if (prev !~ /`/) bad = 1 } { prev = $0 } END { exit bad }' "$tmp/out" ||
	{ echo "count placement"; cat -A "$tmp/out"; exit 1; }
exit 0
