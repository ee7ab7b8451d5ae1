#!/bin/bash
# caller and stackdepth in each kind of probe context: caller is a kernel
# text address (the return address into the function that called the one
# that fired the probe), stackdepth a plausible number of frames.  At a
# syscall entry the probe fires in syscall_trace_enter, so caller is in
# do_syscall_64 -- also when another tracer shares the sys_enter
# tracepoint, which puts the kernel's __traceiter_sys_enter on the stack.
tmp=$(mktemp -d); trap 'kill $bg 2>/dev/null; rm -rf "$tmp"' EXIT
. "$TESTDIR/progs/build.bash"
build_prog ucall
stext=$(awk '$3 == "_stext" { print $1 }' /proc/kallsyms)
etext=$(awk '$3 == "_etext" { print $1 }' /proc/kallsyms)
# the kernel symbol containing a 16-digit hex address (string order is
# numeric order for these)
sym() { awk -v a="$1" '($1 "") <= (a "") && $2 ~ /^[tT]$/ { s = $3 } END { print s }' /proc/kallsyms; }
fail=0
check() {	# what "caller depth"
	local what=$1 c=$2 d=$3
	c=$(printf '%016x' "0x$c")
	if [[ ! ( "$c" > "$stext" && "$c" < "$etext" ) ]]; then
		echo "$what: caller $c is not kernel text"; fail=1
	fi
	if [ "$d" -lt 2 ] || [ "$d" -gt 127 ]; then
		echo "$what: stackdepth $d"; fail=1
	fi
}
run() {	# what dtrace-args...
	local what=$1; shift
	"$DTRACE" "$@" >"$tmp/out" 2>"$tmp/err" || { echo "$what: dtrace failed: $(cat "$tmp/err")"; fail=1; return 1; }
	read -r c d <"$tmp/out"
	check "$what" "$c" "$d"
}
P='{ printf("%x %d\n", caller, stackdepth); exit(0); }'
run BEGIN -qn "BEGIN $P"
run tick -qn "tick-10ms $P"
run profile -qn "profile-997 /arg0/ $P"
run sdt -qn "sdt:sched::sched_switch $P"
SC="syscall::getppid:entry /pid == \$target/ $P"
if run syscall -qn "$SC" -c "$tmp/ucall"; then
	s=$(sym "$(printf '%016x' "0x$c")")
	[ "$s" = do_syscall_64 ] || { echo "syscall: caller in $s, expected do_syscall_64"; fail=1; }
fi
# a second tracer on sys_enter: the tracepoint now calls its iterator
"$DTRACE" -qn 'BEGIN { printf("up\n"); } syscall::getppid:entry { n++; }' >"$tmp/bg" 2>&1 &
bg=$!
for i in $(seq 100); do grep -q up "$tmp/bg" && break; sleep 0.1; done
if run "syscall, shared" -qn "$SC" -c "$tmp/ucall"; then
	s=$(sym "$(printf '%016x' "0x$c")")
	[ "$s" = do_syscall_64 ] || { echo "syscall, shared: caller in $s, expected do_syscall_64"; fail=1; }
fi
exit $fail
