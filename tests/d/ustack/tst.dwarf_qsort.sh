#!/bin/bash
# Code built without frame pointers (as Debian builds libc): a system call
# made from a qsort() comparison callback.  The default -x ustackmode=dwarf
# unwinds the captured registers and stack window from .eh_frame: the
# stack shows getppid, compare, qsort's internals and qsort_r in libc,
# then sorter and main.  The frame-pointer walk (-x ustackmode=fp) loses
# them (getppid and compare have no frame, nor has libc).  Built with
# frame pointers, the DWARF stack is the same.  On a thread's stack (not
# bounded by the process's start_stack) the chain is the same up to
# thread_main.
. "$TESTDIR/ustack/common.bash"
build() {
	cc -O2 -pthread "$2" -o "$tmp/$1" "$TESTDIR/progs/ustack_qsort.c" || { echo "cannot build"; exit 1; }
}
probe='syscall::getppid:entry /pid == $target/ { ustack(); }'
# the frames of the one stack, as "mod`func" (offsets and addresses dropped)
names() {
	sed -n 's/^ *\([^ `]*`[A-Za-z_][A-Za-z_0-9]*\)+0x[0-9a-f]*$/\1/p; s/^ *\([^ `]*\)`0x[0-9a-f]*$/\1`?/p' "$1" | tr '\n' ' '
}
for fp in -fomit-frame-pointer -fno-omit-frame-pointer; do
	build qs "$fp"
	$DTRACE -qn "$probe" -c "$tmp/qs" >"$tmp/out" || exit 1
	got=$(names "$tmp/out")
	case "$got" in
	"libc.so.6\`getppid qs\`compare "*"libc.so.6\`qsort_r qs\`sorter qs\`main "*) ;;
	*) echo "$fp dwarf: '$got'"; cat "$tmp/out"; exit 1 ;;
	esac
	$DTRACE -x ustackmode=dwarf -qn "$probe" -c "$tmp/qs" >"$tmp/out2" || exit 1
	[ "$(names "$tmp/out2")" = "$got" ] || { echo "-x ustackmode=dwarf differs"; cat "$tmp/out2"; exit 1; }
	$DTRACE -x ustackmode=fp -qn "$probe" -c "$tmp/qs" >"$tmp/fp" || exit 1
	grep -q 'getppid' "$tmp/fp" || { echo "$fp fp: no getppid frame"; cat "$tmp/fp"; exit 1; }
	if grep -q 'qs`sorter\|qs`main' "$tmp/fp"; then
		echo "$fp: the frame-pointer walk reached sorter/main"; cat "$tmp/fp"; exit 1
	fi
done
$DTRACE -qn "$probe" -c "$tmp/qs 1 thread" >"$tmp/out" || exit 1
got=$(names "$tmp/out")
case "$got" in
"libc.so.6\`getppid qs\`compare "*"libc.so.6\`qsort_r qs\`sorter qs\`thread_main "*) ;;
*) echo "thread: '$got'"; cat "$tmp/out"; exit 1 ;;
esac
exit 0
