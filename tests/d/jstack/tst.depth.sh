#!/bin/bash
# jstack()'s depth: the jstackframes option (default 50, DTrace's), not
# ustackframes; jstack(n) records n frames.  A process 80 calls deep
# (rec() calling itself, with frame pointers) makes one system call;
# ustack() shows all of its 85 frames (81 rec, main, two in libc, _start,
# which the DWARF unwinding reaches and the frame-pointer walk does not).
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/deep.c" <<'C'
#include <unistd.h>
#include <sys/syscall.h>
__attribute__((noinline)) long rec(int n)
{
	long r;
	if (n > 0)
		return rec(n - 1) + 1;
	__asm__ volatile("syscall" : "=a"(r) : "a"((long)SYS_getppid) : "rcx", "r11", "memory");
	return r;
}
int main(void) { return rec(80) == 0; }
C
cc -fno-omit-frame-pointer -O0 -o "$tmp/deep" "$tmp/deep.c" || exit 1
frames() {	# frames of the one stack dtrace printed with options "$@"
	$DTRACE -q "$@" -c "$tmp/deep" >"$tmp/out" || { echo "dtrace $*"; exit 1; }
	grep -c '^              [^ ]' "$tmp/out"
}
check() {	# want, then dtrace's arguments
	local want=$1; shift
	local got; got=$(frames "$@")
	[ "$got" = "$want" ] || { echo "dtrace $*: $got frames, want $want"; cat "$tmp/out"; exit 1; }
}
p='syscall::getppid:entry /pid == $target/'
check 50 -n "$p { jstack(); }"
check 50 -x ustackframes=7 -n "$p { jstack(); }"
check 7 -x jstackframes=7 -n "$p { jstack(); }"
check 5 -x jstackframes=7 -n "$p { jstack(5); }"
check 6 -n "$p { jstack(6, 1024); }"
check 85 -n "$p { ustack(); }"
# as a key too
check 9 -x jstackframes=9 -n "$p { @[jstack()] = count(); }"
exit 0
