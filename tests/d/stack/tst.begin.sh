#!/bin/bash
# stack() in BEGIN: BEGIN runs in dtrace's own thread, fired through the
# bpf(2) system call (BPF_PROG_TEST_RUN), so its kernel stack is that
# call's path: the test-run code, __sys_bpf, do_syscall_64.
out=$("$DTRACE" -qn 'BEGIN { stack(); exit(0); }') || exit 1
fail() { echo "$1"; printf '%s\n' "$out" | cat -A; exit 1; }
printf '%s\n' "$out" | grep -q '^              vmlinux`__sys_bpf+0x' || fail "no __sys_bpf"
printf '%s\n' "$out" | grep -q '^              vmlinux`do_syscall_64+0x' || fail "no do_syscall_64"
first=$(printf '%s\n' "$out" | sed -n 2p)
case "$first" in *test_run*) ;; *) fail "first frame: $first" ;; esac
exit 0
