#!/bin/bash
# jstack()'s arguments: constants only, at most two, with dtrace's
# messages (which name ustack( ) for jstack() too).
for p in 'jstack(pid)' 'jstack(0)' 'jstack(2, pid)' 'jstack(1, 2, 3)' '@[jstack(pid)] = count()'; do
	out=$($DTRACE -n "BEGIN { $p; }" 2>&1) && { echo "$p accepted"; exit 1; }
	echo "$out" | grep -q 'ustack( ) ' || { echo "$p: $out"; exit 1; }
done
exit 0
