#!/usr/bin/env bash
# Bit-fields of kernel structs come from BTF: curthread->FIELD equals the
# same bits extracted by hand at the bit offset BTF gives (bpftool), and a
# multi-bit field is read whole.
command -v bpftool >/dev/null || { echo "no bpftool: skipped"; exit 0; }
dump=$(bpftool btf dump file /sys/kernel/btf/vmlinux 2>/dev/null |
    awk '/^\[[0-9]+\] STRUCT .task_struct. /{f=1; next} f && /^\[/{exit} f')
line=$(echo "$dump" | grep -E "bitfield_size=([2-9]|[1-9][0-9])" | head -1)
[ -n "$line" ] || line=$(echo "$dump" | grep -E "bitfield_size=[1-9]" | head -1)
[ -n "$line" ] || { echo "task_struct has no bit-fields: skipped"; exit 0; }
name=$(echo "$line" | sed -E "s/^[[:space:]]*'([^']+)'.*/\1/")
off=$(echo "$line" | sed -E 's/.*bits_offset=([0-9]+).*/\1/')
bits=$(echo "$line" | sed -E 's/.*bitfield_size=([0-9]+).*/\1/')
byte=$((off / 8)); sh=$((off % 8))
out=$("$DTRACE" -qn "BEGIN { printf(\"%d %d\\n\", curthread->$name,
    ((*(unsigned long *)((char *)curthread + $byte)) >> $sh) & ((1 << $bits) - 1)); exit(0); }" 2>&1)
echo "$name ($bits bits at bit $off): $out"
set -- $out
[ $# -eq 2 ] && [ "$1" = "$2" ]
