#!/bin/bash
# A stripped executable has no symbols: its frames print as
# module`0xPC (the object is known from the mappings, the function is
# not), as DTrace prints them; the PCs are those of the running PIE.
. "$TESTDIR/ustack/common.bash"
build_chain chain
strip -o "$tmp/bare" "$tmp/chain"
$DTRACE -qn 'syscall::getppid:entry /pid == $target/ { ustack(); }' -c "$tmp/bare 1 1" >"$tmp/out" || exit 1
n=$(grep -c '^              bare`0x[0-9a-f]*$' "$tmp/out")
[ "$n" = 5 ] || { echo "hex frames: $n"; cat "$tmp/out"; exit 1; }
grep -q 'bare`[a-z]' "$tmp/out" && { echo "symbol in a stripped binary"; cat "$tmp/out"; exit 1; }
exit 0
