#!/bin/bash
# ustack()'s arguments: constants only, at most two (dtrace's messages).
for p in 'ustack(pid)' 'ustack(0)' 'ustack(2, pid)' 'ustack(1, 2, 3)'; do
	out=$($DTRACE -n "BEGIN { $p; }" 2>&1) && { echo "$p accepted"; exit 1; }
	echo "$out" | grep -q 'ustack( )' || { echo "$p: $out"; exit 1; }
done
exit 0
