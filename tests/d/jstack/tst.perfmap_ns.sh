#!/bin/bash
# A JIT in a container: progs/jit_stub.c in its own pid namespace (it is
# pid 1 there) and mount namespace with its own /tmp writes
# /tmp/perf-1.map, which dtrace reaches as /proc/PID/root/tmp/perf-1.map
# (PID: its pid as dtrace sees it).  The frames are named as in
# tst.perfmap.sh, phase by phase while it runs.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cc -fno-omit-frame-pointer -O0 -o "$tmp/jit_stub" "$TESTDIR/progs/jit_stub.c" || exit 1
# (the new /tmp hides $tmp: the program is run from its directory)
cat >"$tmp/inner.sh" <<SH
cd $tmp && mount -t tmpfs none /tmp && exec taskset -c 0 ./jit_stub 2
SH
$DTRACE -qn 'syscall::getppid:entry /execname == "jit_stub"/ { jstack(); }' \
    -c "unshare --mount --pid --fork sh $tmp/inner.sh" \
    >"$tmp/out" 2>"$tmp/pid" || { cat "$tmp/pid"; exit 1; }
[ "$(cat "$tmp/pid")" = 1 ] || { echo "not pid 1 in its namespace:"; cat "$tmp/pid"; exit 1; }
[ ! -e /tmp/perf-1.map ] || { echo "/tmp/perf-1.map is in our /tmp"; exit 1; }
got=$(awk 'prev == "" && NF { print $1 } { prev = $0 }' "$tmp/out" | uniq |
    sed 's/^0x[0-9a-f]*$/0x/' | tr '\n' ' ')
want="jit_stub_one jit_stub_two 0x jit_stub_two jit_stub_one_v2 "
[ "$got" = "$want" ] || { echo "first frames: '$got'"; cat "$tmp/out"; exit 1; }
exit 0
