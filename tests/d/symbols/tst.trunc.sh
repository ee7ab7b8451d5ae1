#!/bin/bash
# trunc(@, n) on aggregations keyed by sym(), func() and mod() keeps the n
# entries printed with the largest (n < 0: smallest) values, as merged per
# function or module: do_syscall_64 and do_syscall_64+1 (5 each) make one
# entry of 10, which beats vfs_read's 8 (a trunc of the raw addresses
# would keep vfs_read).  stack() and ustack() keys, one per distinct
# stack: the system-call entry's kernel stack (getppid 3 times and
# exit_group: 4) beats exit's (1); getppid's user stack (3) beats
# exit_group's (1).
. "$TESTDIR/ustack/common.bash"
build_chain chain
fail() { echo "$1"; cat -A "$tmp/out"; cat "$tmp/err"; exit 1; }
A=0x$(awk '$3 == "do_syscall_64" { print $1; exit }' /proc/kallsyms)
B=0x$(awk '$3 == "vfs_read" { print $1; exit }' /proc/kallsyms)
"$DTRACE" -qn 'BEGIN {
	@f[func($1)] = sum(5); @f[func($1 + 1)] = sum(5); @f[func($2)] = sum(8);
	@s[sym($1)] = sum(5); @s[sym($1 + 1)] = sum(5); @s[sym($2)] = sum(8);
	@m[mod($1)] = sum(5); @m[mod($1 + 1)] = sum(5); @m[mod($2)] = sum(8);
	@n[func($1)] = sum(5); @n[func($1 + 1)] = sum(5); @n[func($2)] = sum(8);
	@n[func($2 + 2)] = sum(1);
	trunc(@f, 1); trunc(@s, 1); trunc(@m, 1); trunc(@n, -1);
	exit(0);
}' $A $B >"$tmp/out" 2>"$tmp/err" || fail "dtrace"
printf '\n  %-50s %16d\n  %-50s %16d\n  %-50s %16d\n  %-50s %16d\n' \
    'vmlinux`do_syscall_64' 10 'vmlinux`do_syscall_64' 10 vmlinux 18 'vmlinux`vfs_read' 9 |
    diff - "$tmp/out" || fail "symbol keys"
"$DTRACE" -qn 'syscall::getppid:entry,syscall::exit_group:entry /pid == $target/ {
	@k[stack()] = count(); @u[ustack()] = count(); }
    proc:::exit /pid == $target/ { @k[stack()] = count(); }
    END { trunc(@k, 1); trunc(@u, 1); }' -c "$tmp/chain 3" >"$tmp/out" 2>"$tmp/err" || fail "dtrace"
[ "$(grep -c '^ \{16\}[0-9]*$' "$tmp/out")" = 2 ] || fail "stack keys: not 2"
[ "$(grep -c '^ \{16\}4$' "$tmp/out")" = 1 ] || fail "stack keys: not the 4"
[ "$(grep -c '^ \{16\}3$' "$tmp/out")" = 1 ] || fail "ustack keys: not the 3"
grep -q 'syscall_trace_enter' "$tmp/out" && grep -q '^ *chain`c+' "$tmp/out" || fail "stack keys: frames"
exit 0
