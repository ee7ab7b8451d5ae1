#!/bin/bash
# progenyof(pid) is true for the process itself and every ancestor: the
# target started by -c descends from itself, from dtrace ($pid), from this
# shell and from init; not from a sibling of dtrace, nor from a pid that
# does not exist.
tmp=$(mktemp -d); trap 'kill $sib 2>/dev/null; rm -rf "$tmp"' EXIT
. "$TESTDIR/progs/build.bash"
build_prog ucall
sleep 30 &
sib=$!
"$DTRACE" -qn "syscall::getppid:entry /pid == \$target/ {
	printf(\"%d %d %d %d %d %d\n\", progenyof(\$target), progenyof(\$pid),
	    progenyof($$), progenyof(1), progenyof($sib), progenyof(-5));
}" -c "$tmp/ucall" >"$tmp/out" 2>"$tmp/err" || { echo "dtrace failed: $(cat "$tmp/err")"; exit 1; }
want="1 1 1 1 0 0"
got=$(head -n 1 "$tmp/out")
if [ "$got" != "$want" ]; then
	echo "expected '$want', got '$got'"
	exit 1
fi
exit 0
