#!/usr/bin/env bash
# curthread is a struct task_struct * typed from kernel BTF: members,
# pointer chains, nested structs, char arrays as strings.
out=$("$DTRACE" -qn 'BEGIN {
	printf("%s %d %d %d\n", curthread->comm, curthread->pid == pid,
	    curthread->real_parent->tgid == ppid, curthread->se.sum_exec_runtime > 0);
	exit(0); }' 2>&1)
echo "$out"
[ "$out" = "dtrace 1 1 1
" ] || [ "$out" = "dtrace 1 1 1" ]
