#!/usr/bin/env bash
# Backquoted symbols take their addresses from /proc/kallsyms: a function
# symbol is its address, &`sym a data symbol's; both match kallsyms.
want_fn=$(awk '$3 == "schedule" && NF == 3 { print $1; exit }' /proc/kallsyms)
want_btf=$(awk '$3 == "__start_BTF" && NF == 3 { print $1; exit }' /proc/kallsyms)
out=$("$DTRACE" -qn 'BEGIN { printf("%x %x %x\n", (uintptr_t)`schedule,
    (uintptr_t)vmlinux`schedule, (uintptr_t)&`__start_BTF); exit(0); }' 2>&1)
echo "got: $out"
echo "want: $want_fn $want_fn $want_btf"
[ "$out" = "$(printf '%x %x %x' $((16#$want_fn)) $((16#$want_fn)) $((16#$want_btf)))" ]
