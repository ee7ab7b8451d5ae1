#!/usr/bin/env bash
# The USENIX paper's Figure 1: thread-local variables across two probes.
out=$("$DTRACE" -qn 'syscall::read:entry /pid == $target/ { self->t = timestamp; }
    syscall::read:return /self->t/ { printf("%d/%d spent %d nsecs in read\n", pid, tid, timestamp - self->t); self->t = 0; }' \
	-c 'cat /etc/passwd' 2>&1)
echo "$out"
echo "$out" | grep -Eq '^[0-9]+/[0-9]+ spent [0-9]+ nsecs in read$'
