#!/bin/bash
# A signal that kills dtrace (SIGUSR1: no handler), sent while dtrace is
# inside bpf(BPF_LINK_CREATE) making a pid link, must not make the kernel
# leak the link's uprobes.  With a fatal signal pending the kernel's
# unregistration on the error path fails and keeps every uprobe the link
# had registered, for good, logging "dtrace:PID failed to unregister,
# leaking uprobe" for each; every later mmap of the file walks them (on
# the system's libc: every exec, ~1 s each after a killed libc-wide link).
# dtrace blocks signals across that call, so the signal comes after it.
# The program runs on private copies of libc and ld.so, so that even a
# failing run leaves nothing on the system's libc.  dtrace's syscall is
# read from /proc/PID/syscall with bash builtins (bpf is 321 on x86-64,
# BPF_LINK_CREATE is 28); an attempt that does not find dtrace inside the
# call before and after the signal is retried.
. "$TESTDIR/pid/common.bash"
[ "$(uname -m)" = x86_64 ] || { echo "x86-64 only (the syscall number)"; exit 0; }
dmesg >/dev/null 2>&1 || fail "cannot read the kernel log"
private_libs
build_pid p $private_ld
start_waiting "$tmp/p" 100000 forever
d=
trap 'kill $wpid $d 2>/dev/null; rm -rf "$tmp"' EXIT
# inside: is dtrace ($d) in bpf(BPF_LINK_CREATE)?
inside() {
	local s=
	read -r s _ <"/proc/$d/syscall" 2>/dev/null || return 1
	[ "$s" = 321 ] || return 1
	read -r s s _ <"/proc/$d/syscall" 2>/dev/null
	[ "$s" = 0x1c ]
}
caught=0
for ((try = 0; try < 5 && !caught; try++)); do
	# every instruction of libc's functions a* to m*: one link of some
	# 70,000 uprobes, made in a second or more
	: >"$tmp/out"
	"$DTRACE" -qn 'pid$target:libc.so.6:[a-m]*: { @ = count(); }' \
	    -n 'BEGIN { printf("ready\n"); }' -p $wpid >"$tmp/out" 2>"$tmp/err" &
	d=$!
	SECONDS=0
	# until dtrace has armed everything (BEGIN) or is gone
	while ((SECONDS < 50)) && [ ! -s "$tmp/out" ] && kill -0 $d 2>/dev/null; do
		inside || continue
		kill -USR1 $d
		inside && caught=1
		break
	done
	kill -USR1 $d 2>/dev/null
	wait $d
	rc=$?
	[ $rc = 138 ] || fail "dtrace's exit status $rc, not 138 (SIGUSR1)"
	leaks=$(dmesg | grep -c "dtrace:$d failed to unregister")
	[ "$leaks" = 0 ] || fail "the kernel leaked uprobes of dtrace $d ($leaks lines in its log; try $try)"
	d=
done
((caught)) || echo "note: dtrace was never seen inside BPF_LINK_CREATE at the signal"
exit 0
