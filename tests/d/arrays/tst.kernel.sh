#!/usr/bin/env bash
# Arrays of kernel structs: curthread->comm[i] are the command's characters,
# *(p + i) and p[i] agree, and a bad index faults with dtrace's
# invalid-address error (address of element 3 of an int array at 8: 0x14).
out=$("$DTRACE" -qn 'BEGIN {
	printf("%c%c%c %d\n", curthread->comm[0], curthread->comm[1], curthread->comm[5],
	    sizeof (curthread->comm));
	p = (int *)curthread;
	printf("%d %d\n", p[3] == *(p + 3), *curthread->comm == 0x64);
	exit(0); }' 2>&1)
echo "$out"
[ "$(echo "$out" | sed '/^$/d')" = "dte 16
1 1" ] || exit 1
out=$("$DTRACE" -qn 'BEGIN { p = (int *)8; trace(p[3]); } ERROR { printf("ERROR %d %x\n", arg4, arg5); exit(0); }' 2>&1)
echo "$out"
echo "$out" | grep -q '^ERROR 1 14$' && echo "$out" | grep -q 'invalid address (0x14) in action #2'
