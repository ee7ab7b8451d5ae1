#!/usr/bin/env bash
# `jiffies is the kernel's tick count: from /proc/kallsyms where it is
# listed (CONFIG_KALLSYMS_ALL), else where the kernel's inlining of
# bpf_jiffies64() says it is (kvar.c); typed unsigned long without an
# extern declaration.  It must lie between two readings of
# /proc/timer_list taken around the trace, a second read must not be
# less than the first, and jiffies is jiffies_64 on a 64-bit kernel.
before=$(awk '/^jiffies:/ { print $2; exit }' /proc/timer_list)
out=$("$DTRACE" -qn 'BEGIN { a = `jiffies; b = vmlinux`jiffies;
    printf("%d %d %d %d\n", a, b >= a, &`jiffies == (unsigned long *)&`jiffies_64,
    sizeof (`jiffies)); exit(0); }' 2>&1 | head -n 1)
after=$(awk '/^jiffies:/ { print $2; exit }' /proc/timer_list)
echo "$before <= $out <= $after"
set -- $out
[ "$#" = 4 ] && [ "$1" -ge "$before" ] && [ "$1" -le "$after" ] && [ "$2 $3 $4" = "1 1 8" ]
