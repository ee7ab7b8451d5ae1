#!/bin/bash
# With -x ustackmode=dwarf a record that ends in a ustack() stack window
# is written only up to the bytes the window holds, and the consumer pads
# it back (cg/ustack.c dt_cg_ustack_size, consume/uunwind.c): stacks print
# whole when that window's action ran and when it did not (an if/else:
# the length word is then stale), with another window before it in the
# same record (an aggregation's), in a speculation (whose records stay
# whole), on the main thread's stack (bounded by start_stack) and on a
# thread's (bounded by the thread pointer: the kernel's walk is left out,
# the consumer unwinds the window alone).
. "$TESTDIR/ustack/common.bash"
cc -O2 -pthread -fomit-frame-pointer -o "$tmp/qs" "$TESTDIR/progs/ustack_qsort.c" || {
	echo "cannot build"; exit 1; }
# each stack of the output on one line, as "mod`func" words
stacks() {
	awk '/^ *[^ `]+`[A-Za-z_][A-Za-z_0-9.]*\+0x[0-9a-f]+$/ {
		sub(/^ */, ""); sub(/\+0x[0-9a-f]+$/, ""); s = s " " $0; next }
	s != "" { print s; s = "" }
	{ print }
	END { if (s != "") print s }' "$1"
}
chain_main=' libc.so.6`getppid qs`compare .*libc.so.6`qsort_r qs`sorter qs`main '
chain_thread=' libc.so.6`getppid qs`compare .*libc.so.6`qsort_r qs`sorter qs`thread_main libc.so.6`start_thread libc.so.6`clone3$'
p='syscall::getppid:entry /pid == $target/'
for how in main thread; do
	[ $how = main ] && chain=$chain_main || chain=$chain_thread
	# the last window's action taken or not
	$DTRACE -qn "$p { if (tid == pid) { printf(\"main\"); ustack(); } else { printf(\"thread\"); ustack(); } }" \
	    -c "$tmp/qs 1 $how" >"$tmp/out" || exit 1
	stacks "$tmp/out" >"$tmp/s"
	grep -A1 -x "$how" "$tmp/s" | grep -q "^$chain" || { echo "$how: if/else"; cat "$tmp/out"; exit 1; }
	# an aggregation's window, then an action's ending the record
	$DTRACE -qn "$p { @[ustack()] = count(); ustack(); }" -c "$tmp/qs 3 $how" >"$tmp/out" || exit 1
	stacks "$tmp/out" >"$tmp/s"
	[ "$(grep -c "^$chain" "$tmp/s")" = 4 ] || { echo "$how: three stacks and a key"; cat "$tmp/out"; exit 1; }
	grep -qx ' *3' "$tmp/s" || { echo "$how: count"; cat "$tmp/out"; exit 1; }
	# speculative records
	$DTRACE -qn "$p { self->s = speculation(); speculate(self->s); ustack(); }
	    syscall::getppid:return /self->s/ { commit(self->s); self->s = 0; }" \
	    -c "$tmp/qs 2 $how" >"$tmp/out" || exit 1
	stacks "$tmp/out" >"$tmp/s"
	[ "$(grep -c "^$chain" "$tmp/s")" = 2 ] || { echo "$how: speculation"; cat "$tmp/out"; exit 1; }
done
exit 0
