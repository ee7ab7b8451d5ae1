#!/usr/bin/env bash
# /proc/kallsyms is read only by scripts that name a kernel symbol.
command -v strace >/dev/null || { echo "no strace: skipped"; exit 0; }
tr=$(mktemp); trap 'rm -f "$tr"' EXIT
ASAN_OPTIONS="${ASAN_OPTIONS:-}:detect_leaks=0" strace -f -e trace=openat -o "$tr" "$DTRACE" -qn 'BEGIN { exit(0); }' >/dev/null 2>&1
if grep -q kallsyms "$tr"; then echo "kallsyms read without backquotes"; exit 1; fi
ASAN_OPTIONS="${ASAN_OPTIONS:-}:detect_leaks=0" strace -f -e trace=openat -o "$tr" "$DTRACE" -qn 'BEGIN { trace((uintptr_t)`schedule > 0); exit(0); }' >/dev/null 2>&1
grep -q kallsyms "$tr" || { echo "kallsyms not read"; exit 1; }
