#!/bin/bash
# A signal that kills dtrace (SIGUSR1: no handler), sent while dtrace is
# inside bpf(BPF_LINK_CREATE) making a pid link, must not make the kernel
# leak the link's uprobes.  With a fatal signal pending the kernel's
# unregistration on the error path fails and keeps every uprobe the link
# had registered, for good, logging "dtrace:PID failed to unregister,
# leaking uprobe" for each; every later mmap of the file walks them (on
# the system's libc: every exec, ~1 s each after a killed libc-wide link).
# dtrace blocks signals across that call, so the signal comes after it.
# (1) strace shows every uprobe link (attach type 0x30) made between a
# rt_sigprocmask blocking every signal and one restoring the mask.
# (2) The leak itself: the program runs on private copies of libc and
# ld.so, so that even a failing run leaves nothing on the system's libc.
# The signal goes when
# /proc/PID/syscall shows dtrace in the call (bpf is 321 on x86-64,
# BPF_LINK_CREATE is 28) or the target's libc text has int3 pages
# (/proc/PID/smaps), read with bash builtins; an attempt that sees
# neither before dtrace has armed is retried.
. "$TESTDIR/pid/common.bash"
[ "$(uname -m)" = x86_64 ] || { echo "x86-64 only (the syscall number)"; exit 0; }
dmesg >/dev/null 2>&1 || fail "cannot read the kernel log"
private_libs
build_pid p $private_ld
start_waiting "$tmp/p" 100000 forever
d=
trap 'kill $wpid $d 2>/dev/null; rm -rf "$tmp"' EXIT
if command -v strace >/dev/null; then
	# LeakSanitizer cannot run under ptrace (make asan): leaks are off there
	ASAN_OPTIONS="${ASAN_OPTIONS:-}:detect_leaks=0" \
	strace -e trace=rt_sigprocmask,bpf -e signal=none -o "$tmp/strace" "$DTRACE" \
	    -qn 'pid$target:libc.so.6:str*:entry { @ = count(); } BEGIN { exit(0); }' \
	    -p $wpid >"$tmp/out" 2>"$tmp/err" || fail "dtrace under strace failed"
	awk '/^bpf\(BPF_LINK_CREATE, .*attach_type=0x30/ {
		links++
		if (prev !~ /^rt_sigprocmask\(SIG_BLOCK, ~\[/) bad++
		want_restore = 1; prev = $0; next }
	     want_restore { if ($0 !~ /^rt_sigprocmask\(SIG_SETMASK, /) bad++; want_restore = 0 }
	     { prev = $0 }
	     END { print links + 0, bad + 0 }' "$tmp/strace" >"$tmp/counts"
	read -r links bad <"$tmp/counts"
	[ "$links" -ge 1 ] || fail "no uprobe link in strace's log: $(head -c 2000 "$tmp/strace")"
	[ "$bad" = 0 ] || fail "signals not blocked around $links uprobe links ($bad misses):
$(grep -B1 -A1 'BPF_LINK_CREATE' "$tmp/strace" | cut -c1-120)"
else
	echo "no strace: (1) skipped"
fi
# inside: is dtrace ($d) in bpf(BPF_LINK_CREATE)?  (A task busy in the
# kernel reads as "running" there.)
inside() {
	local s=
	read -r s _ <"/proc/$d/syscall" 2>/dev/null || return 1
	[ "$s" = 321 ] || return 1
	read -r s s _ <"/proc/$d/syscall" 2>/dev/null
	[ "$s" = 0x1c ]
}
# int3s: have uprobes been put in the target's copy of libc yet (its text
# mapping holds anonymous pages, the copies with an int3)?
int3s() {
	local a b c d e f on=0
	while read -r a b c d e f; do
		case $a in
		*-*) [ "$b $f" = "r-xp $tmp/lib/libc.so.6" ] && on=1 || on=0 ;;
		Anonymous:) ((on)) && { [ "$b" != 0 ]; return; } ;;
		esac
	done <"/proc/$wpid/smaps"
	return 1
}
caught=0
for ((try = 0; try < 3 && !caught; try++)); do
	# every instruction of libc's functions a* to m*: some 70,000
	# uprobes in links of 8192, made in a second or more
	: >"$tmp/out"
	"$DTRACE" -qn 'pid$target:libc.so.6:[a-m]*: { @ = count(); }' \
	    -n 'BEGIN { printf("ready\n"); }' -p $wpid >"$tmp/out" 2>"$tmp/err" &
	d=$!
	SECONDS=0
	# until dtrace is inside a link (BEGIN: it has armed everything)
	while ((SECONDS < 50)) && [ ! -s "$tmp/out" ] && kill -0 $d 2>/dev/null; do
		inside || int3s || continue
		kill -USR1 $d
		caught=1
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
((caught)) || echo "note: dtrace was never seen arming at the signal"
exit 0
