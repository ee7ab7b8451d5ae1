#!/bin/bash
# ustack(n) records n frames at most: ustack(2) shows c and b only;
# ustack(2, 100) accepts DTrace's string size argument; the
# ustackframes option is the default depth.
. "$TESTDIR/ustack/common.bash"
build_chain chain
for prog in 'ustack(2);' 'ustack(2, 100);'; do
	$DTRACE -qn "syscall::getppid:entry /pid == \$target/ { $prog }" -c "$tmp/chain 1 1" >"$tmp/out" || exit 1
	got=$(frames_of chain <"$tmp/out" | tr '\n' ' ')
	[ "$got" = "c b " ] || { echo "$prog: '$got'"; cat "$tmp/out"; exit 1; }
	[ "$(grep -c '`' "$tmp/out")" = 2 ] || { echo "$prog: frames"; cat "$tmp/out"; exit 1; }
done
$DTRACE -x ustackframes=3 -qn 'syscall::getppid:entry /pid == $target/ { ustack(); }' -c "$tmp/chain 1 1" >"$tmp/out" || exit 1
got=$(frames_of chain <"$tmp/out" | tr '\n' ' ')
[ "$got" = "c b a " ] || { echo "ustackframes=3: '$got'"; cat "$tmp/out"; exit 1; }
# more frames than the kernel walks: capped, with a warning
$DTRACE -x ustackframes=100000 -qn 'syscall::getppid:entry /pid == $target/ { ustack(); }' \
    -c "$tmp/chain 1" >"$tmp/out" 2>"$tmp/err" || exit 1
grep -q 'ustack( ) depth 100000 lowered to [0-9]*' "$tmp/err" || { echo "no warning"; cat "$tmp/err"; exit 1; }
got=$(frames_of chain <"$tmp/out" | tr '\n' ' ')
[ "$got" = "c b a main _start " ] || { echo "capped: '$got'"; cat "$tmp/out"; exit 1; }
exit 0
