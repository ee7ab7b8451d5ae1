#!/usr/bin/env bash
# A bad dereference aborts the clause with dtrace's invalid-address error,
# fires ERROR, and tracing continues (issue 4's acceptance forms).
out=$("$DTRACE" -qn 'BEGIN { x = *(int *)8; } tick-200ms { printf("alive\n"); exit(0); }' 2>&1)
rc=$?
echo "$out"
[ $rc -eq 0 ] || exit 1
echo "$out" | grep -Eq '^dtrace: error on enabled probe ID 2 \(ID 1: dtrace:::BEGIN\): invalid address \(0x8\) in action #1 at BPF pc [0-9]+$' || exit 1
echo "$out" | grep -q '^alive$' || exit 1
out=$("$DTRACE" -qn 'struct s { int a; long b; }; BEGIN { trace(((struct s *)8)->b); }
    ERROR { printf("ERROR %d %x\n", arg4, arg5); exit(0); }' 2>&1)
echo "$out"
echo "$out" | grep -q '^ERROR 1 10$' && echo "$out" | grep -q 'invalid address (0x10) in action #1'
