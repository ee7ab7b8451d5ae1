#!/bin/bash
# -x oformat=folded with stack(): kernel frames outermost first (the
# system call entry, then do_syscall_64), as module`function without
# offsets, the count last; sum() gives its value.  With both stacks and
# another key part in one key, whatever their order: the other part
# first, then the user frames, then the kernel's (user code calls into
# the kernel).
. "$TESTDIR/flame/common.bash"
build_tree
$DTRACE -x oformat=folded -qn 'syscall::getppid:entry /pid == $target/ {
    @[stack()] = count(); @s[stack()] = sum(10); }' -c "$tmp/flame_tree" >"$tmp/out" || exit 1
# every line: frames;frames count
grep -qv '^[^ ;]\+\(;[^ ;]\+\)* [0-9]\+$' "$tmp/out" && { echo "not folded:"; cat "$tmp/out"; exit 1; }
grep -q '+0x' "$tmp/out" && { echo "offsets:"; cat "$tmp/out"; exit 1; }
grep -q '^vmlinux`entry_SYSCALL_64[a-z_]*;\(vmlinux`[a-z_0-9.]*;\)*vmlinux`do_syscall_64;' "$tmp/out" ||
	{ echo "order:"; cat "$tmp/out"; exit 1; }
# count() of the 8 calls and sum(10) of them: 8 + 80
total=$(awk '{ t += $NF } END { print t }' "$tmp/out")
[ "$total" = 88 ] || { echo "total $total"; cat "$tmp/out"; exit 1; }

$DTRACE -x oformat=folded -qn 'syscall::getppid:entry /pid == $target/ {
    @[stack(), ustack(), pid] = count(); }' -c "$tmp/flame_tree" >"$tmp/out" || exit 1
sed -E 's/^[0-9]+;.*;flame_tree`main;(flame_tree`[a-z]+;flame_tree`leaf);vmlinux`entry_SYSCALL_64[a-z_]*;(vmlinux`[a-z_0-9.]+;)*vmlinux`do_syscall_64;.* ([0-9]+)$/\1 \3/' \
    "$tmp/out" >"$tmp/got"
printf '%s\n' 'flame_tree`left;flame_tree`leaf 6' 'flame_tree`right;flame_tree`leaf 2' |
    diff -u - "$tmp/got" || { cat "$tmp/out"; exit 1; }
exit 0
