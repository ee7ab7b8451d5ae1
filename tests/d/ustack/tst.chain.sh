#!/bin/bash
# ustack() at a system call shows the program's call chain innermost
# first (c, b, a, main), each frame as prog`func+0xoff indented by 14
# spaces after a newline, the executable (a PIE) by its base name and
# its load bias taken off; the process keeps running while it prints.
. "$TESTDIR/ustack/common.bash"
build_chain chain
$DTRACE -qn 'syscall::getppid:entry /pid == $target/ { ustack(); }' -c "$tmp/chain 1 1" >"$tmp/out" || exit 1
got=$(frames_of chain <"$tmp/out" | tr '\n' ' ')
[ "$got" = "c b a main _start " ] || { echo "frames: '$got'"; cat "$tmp/out"; exit 1; }
# layout: a blank line, then the frames at 14 columns
[ "$(sed -n 1p "$tmp/out")" = "" ] || { echo "no leading newline"; cat "$tmp/out"; exit 1; }
grep -q '^              chain`c+0x[0-9a-f]*$' "$tmp/out" || { echo "indent"; cat "$tmp/out"; exit 1; }
# a libc frame follows main (its module is the shared object's name)
grep -q '^              libc\.so\.6`' "$tmp/out" || { echo "no libc frame"; cat "$tmp/out"; exit 1; }
exit 0
