#!/usr/bin/env bash
# copyinstr() reads a string from user memory (the path given to openat).
out=$("$DTRACE" -qn 'syscall::openat:entry /pid == $target/ { printf("[%s] [%s]\n", copyinstr(arg1), copyinstr(arg1, 4)); }' \
	-c 'cat /etc/hostname' 2>/dev/null)
echo "$out"
echo "$out" | grep -qx '\[/etc/hostname\] \[/etc\]'
