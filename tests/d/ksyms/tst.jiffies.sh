#!/usr/bin/env bash
# `jiffies is the kernel's tick count when /proc/kallsyms lists it
# (CONFIG_KALLSYMS_ALL); it must then lie between two readings taken
# around the trace.  Without it, the symbol is unknown, with dtrace's error.
if grep -q ' jiffies$' /proc/kallsyms; then
	before=$(awk '/^jiffies:/ { print $2; exit }' /proc/timer_list)
	out=$("$DTRACE" -qn 'extern unsigned long jiffies;
	    BEGIN { printf("%d\n", `jiffies); exit(0); }' 2>&1)
	after=$(awk '/^jiffies:/ { print $2; exit }' /proc/timer_list)
	echo "$before <= $out <= $after"
	[ "$out" -ge "$before" ] && [ "$out" -le "$after" ]
else
	out=$("$DTRACE" -qn 'BEGIN { trace(`jiffies); }' 2>&1)
	echo "$out"
	[ "$out" = 'dtrace: invalid probe specifier BEGIN { trace(`jiffies); }: in action list: failed to resolve `jiffies: Unknown symbol name' ]
fi
