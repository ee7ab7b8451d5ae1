#!/bin/bash
# A program that prints kernel stacks has /proc/kallsyms read and sorted
# while it traces (kernel/ksyms.c, dt_ksyms_prefetch), not at exit: once
# BEGIN has run, dtrace has read the file's megabytes (/proc/PID/io's
# rchar), where the same program aggregating by pid has not; its stacks
# are still symbolized at exit (tick-N fires in dtrace's own thread, so
# its stack is the bpf() call's path whatever the load).
tmp=$(mktemp -d)
pid=
trap '[ -n "$pid" ] && kill $pid 2>/dev/null; wait; rm -rf "$tmp"' EXIT
size=$(wc -c </proc/kallsyms)
rchar() { # the bytes a dtrace running KEY as its key has read, after BEGIN
	"$DTRACE" -qn "tick-10ms { @[$1] = count(); }
	    BEGIN { printf(\"ready\\n\"); } tick-3s { exit(0); }" >"$tmp/out" 2>&1 &
	pid=$!
	for ((i = 0; i < 100; i++)); do
		[[ $(<"$tmp/out") == *ready* ]] && break
		sleep 0.1
	done
	# (bash builtins only while dtrace runs: an exec can take most of a
	# second on a machine that pages executables out)
	for ((i = 0; i < 20; i++)); do	# the thread's read takes a moment
		r=0
		while read -r k v; do [ "$k" = rchar: ] && r=$v; done </proc/$pid/io
		[ "$r" -gt "$size" ] && break
		sleep 0.1
	done
	echo "$r"
	wait $pid
	pid=
}
s=$(rchar 'stack()')
grep -q '^              vmlinux`' "$tmp/out" || { echo "no symbolized frame"; cat "$tmp/out"; exit 1; }
p=$(rchar pid)
[ "$s" -gt "$size" ] || { echo "stack(): read $s bytes before exit, /proc/kallsyms is $size"; exit 1; }
[ "$p" -lt "$size" ] || { echo "pid: read $p bytes before exit"; exit 1; }
exit 0
