#!/bin/bash
# dlib/io.d's hand-written request operation and flag values (struct
# request's cmd_flags: enum req_op, enum req_flag_bits of a kernel-internal
# header) are the running kernel's, as its BTF says.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
bpftool btf dump file /sys/kernel/btf/vmlinux format c >"$tmp/btf.h" || exit 1
val() { sed -n "s/^\t$1 = \([0-9]*\),\$/\1/p" "$tmp/btf.h" | head -1; }
want="$(val REQ_OP_READ) $(val REQ_OP_WRITE) $(( (1 << $(val __REQ_SYNC)) )) $(( $(val __REQ_FAILFAST_DEV) == 8 ? 255 : -1 ))"
got=$("$DTRACE" -qn 'BEGIN { printf("%d %d %d %d", __DT_REQ_OP_READ, __DT_REQ_OP_WRITE, __DT_REQ_SYNC, __DT_REQ_OP_MASK); exit(0); }') || exit 1
[ "$got" = "$want" ] || { echo "io.d: $got, kernel: $want"; exit 1; }
