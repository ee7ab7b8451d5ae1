#!/bin/bash
# stack() in a syscall entry probe: after the probe's line, each frame on
# a line of its own indented by 14 spaces (stackindent), as
# module`function+0xoff, innermost first, then the blank line that ends
# the record (dtrace's dt_print_stack layout).  The syscall entry
# tracepoint fires in syscall_trace_enter, called from do_syscall_64: the
# BPF program's and the tracepoint's own frames are not shown.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$TESTDIR/progs/build.bash"
build_prog burst
"$DTRACE" -n 'syscall::getppid:entry /pid == $target/ { stack(); }' -c "$tmp/burst 3" \
    >"$tmp/out" 2>"$tmp/err" || { cat "$tmp/err"; exit 1; }
fail() { echo "$1"; cat -A "$tmp/out"; exit 1; }
[ "$(grep -c 'getppid:entry $' "$tmp/out")" = 3 ] || fail "not 3 records"
# every line after the column header: a probe line, a frame or blank
awk 'NR > 1 && !/getppid:entry $/ && !/^              [a-z_0-9]+`[A-Za-z_0-9.]+(\+0x[0-9a-f]+)?$/ && !/^$/ { bad = 1; print "bad line: " $0 }
     END { exit bad }' "$tmp/out" || fail "bad line"
# each record: its frames, then one blank line
awk '/getppid:entry $/ { n = 0; inrec = 1; next }
     inrec && /^              / { n++; next }
     inrec && /^$/ { if (n < 2) bad = 1; inrec = 0; recs++; next }
     inrec { bad = 1 }
     END { exit bad || recs != 3 }' "$tmp/out" || fail "bad record layout"
[ "$(grep -c '^              vmlinux`syscall_trace_enter+0x' "$tmp/out")" = 3 ] || fail "no syscall_trace_enter"
[ "$(grep -c '^              vmlinux`do_syscall_64+0x' "$tmp/out")" = 3 ] || fail "no do_syscall_64"
grep -q 'bpf' "$tmp/out" && fail "BPF frames shown"
# the first frame is the probe site
[ "$(grep -A1 'getppid:entry $' "$tmp/out" | grep -c 'syscall_trace_enter')" = 3 ] || fail "first frame"
exit 0
