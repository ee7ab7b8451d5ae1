#!/bin/bash
# stackdepth, ustackdepth, caller and ucaller agree with the stacks of
# the same firing: the depths are the numbers of frames stack() and
# ustack() print (c b a main and libc's caller of main: 5 user frames by
# frame pointers; an unwinder that goes further in libc may print more),
# caller is stack()'s second frame (printed with %a), and ucaller is the
# return address into b, c's caller (a non-PIE build, so nm's addresses
# are the run-time ones).
. "$TESTDIR/ustack/common.bash"
build_chain chain -no-pie
fail() { echo "$1"; cat "$tmp/out"; exit 1; }
"$DTRACE" -qn 'syscall::getppid:entry /pid == $target/ {
	printf("%d %d %x\n%a", stackdepth, ustackdepth, ucaller, caller);
	ustack(); stack(127);
}' -c "$tmp/chain 1" >"$tmp/out" 2>"$tmp/err" || { cat "$tmp/err"; exit 1; }
read -r kd ud uc <"$tmp/out"
# the user frames follow line 2 up to the blank line, then the kernel's
user=$(awk 'NR > 2 && /^$/ { exit } NR > 2' "$tmp/out" | wc -l)
kern=$(awk 'b && /^$/ { exit } b { print } NR > 2 && /^$/ { b = 1 }' "$tmp/out")
[ "$ud" = 5 ] && [ "$user" -ge 5 ] || fail "ustackdepth $ud, $user frames"
[ "$(frames_of chain <"$tmp/out" | head -4 | tr '\n' ' ')" = "c b a main " ] || fail "user frames"
[ "$kd" = "$(printf '%s\n' "$kern" | wc -l)" ] || fail "stackdepth $kd"
[ "$(sed -n 2p "$tmp/out")" = "$(printf '%s\n' "$kern" | sed -n '2s/^ *//p')" ] || fail "caller"
read -r b size < <(nm -S "$tmp/chain" | awk '$4 == "b" { print $1, $2 }')
(( 0x$uc > 0x$b && 0x$uc < 0x$b + 0x$size )) || fail "ucaller $uc not in b ($b $size)"
exit 0
