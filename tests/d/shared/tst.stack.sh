#!/bin/bash
# Kernel stacks in a program shared by two tracepoints' probes, each of
# which has a second program on it (syscall::getppid's), so the kernel
# calls them through __traceiter_sys_enter and __traceiter_sys_exit: the
# shared program drops the firing probe's own iterator frame (its bounds
# read at run time), so stack() and stackdepth are the same as with a
# program per probe and no iterator frame shows.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$TESTDIR/progs/build.bash"
build_prog burst
s='syscall::getppid:entry, syscall::getppid:return /pid == $target/ { trace(1); }
rawtp:raw_syscalls::sys_enter, rawtp:raw_syscalls::sys_exit /pid == $target/
{ @[probename, stack(1)] = count(); @d[probename, stackdepth] = count(); }'
for mode in 0 1; do
	DTRACE_NOSHARE=$mode "$DTRACE" -qn "$s" -c "$tmp/burst 2" >"$tmp/out$mode" 2>"$tmp/err" ||
	    { cat "$tmp/err"; exit 1; }
done
diff -u "$tmp/out1" "$tmp/out0" || { echo "shared (+) and unshared (-) differ"; exit 1; }
fail() { echo "$1"; cat "$tmp/out0"; exit 1; }
grep -q traceiter "$tmp/out0" && fail "iterator frame shown"
grep -q '^              vmlinux`syscall_trace_enter+0x' "$tmp/out0" || fail "sys_enter's first frame"
grep -q '^              vmlinux`syscall_exit_work+0x' "$tmp/out0" || fail "sys_exit's first frame"
"$DTRACE" -S -qn "$s" -c "$tmp/burst 1" 2>&1 >/dev/null | grep -q '^Disassembly of rawtp:raw_syscalls::sys_enter +1 more:$' ||
    fail "not one program"
exit 0
