#!/bin/bash
# JIT code in anonymous memory is named by /tmp/perf-PID.map (the map's
# name alone, as dtrace prints a frame its ustack helper named), read
# when first needed and read on as the file grows: progs/jit_stub.c
# writes the map in phases (see there).  In order, the first frames are:
# jit_stub_one (the later of two entries holding the PC), jit_stub_two
# (appended after the first read: a miss reads on), 0x... (no entry),
# jit_stub_two while it waits, jit_stub_one_v2 (an entry that replaced
# an older one for the same code: read on a second later though the old
# one still held the PC).  The frames below the JIT code are the C
# caller's.  The process is kept on one CPU so that its records arrive
# in order.
tmp=$(mktemp -d)
trap 'rm -f "/tmp/perf-$(cat "$tmp/pid" 2>/dev/null).map"; rm -rf "$tmp"' EXIT
cc -fno-omit-frame-pointer -O0 -o "$tmp/jit_stub" "$TESTDIR/progs/jit_stub.c" || exit 1
$DTRACE -qn 'syscall::getppid:entry /pid == $target/ { jstack(); }' \
    -c "taskset -c 0 $tmp/jit_stub 2" >"$tmp/out" 2>"$tmp/pid" || { cat "$tmp/pid"; exit 1; }
got=$(awk 'prev == "" && NF { print $1 } { prev = $0 }' "$tmp/out" | uniq |
    sed 's/^0x[0-9a-f]*$/0x/' | tr '\n' ' ')
want="jit_stub_one jit_stub_two 0x jit_stub_two jit_stub_one_v2 "
[ "$got" = "$want" ] || { echo "first frames: '$got'"; cat "$tmp/out"; exit 1; }
# the JIT frame is indented as any frame, and its caller follows it
grep -A1 '^              jit_stub_one$' "$tmp/out" | grep -q '^              jit_stub`run+0x' ||
	{ echo "caller"; cat "$tmp/out"; exit 1; }
exit 0
