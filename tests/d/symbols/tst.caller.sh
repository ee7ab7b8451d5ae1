#!/bin/bash
# func(caller), sym(caller), mod(caller) and %a of caller in a system call
# probe of our own process: the kernel's system-call dispatcher,
# do_syscall_64, and the offset of the return address in it; the three
# aggregations print one row each.
got=$("$DTRACE" -qn 'syscall::exit_group:entry /pid == $target/ {
	func(caller); printf("\n%a\n", caller);
	@f[func(caller)] = count(); @s[sym(caller)] = count(); @m[mod(caller)] = count();
}' -c /bin/true 2>&1)
fail() { echo "$1; got:"; printf '%s\n' "$got" | cat -A; exit 1; }
line1=$(printf '  %-50s' 'vmlinux`do_syscall_64')
[ "$(printf '%s\n' "$got" | sed -n 1p)" = "$line1" ] || fail "func(caller)"
printf '%s\n' "$got" | sed -n 2p | grep -qx 'vmlinux`do_syscall_64+0x[0-9a-f]*' || fail "%a"
[ "$(printf '%s\n' "$got" | grep -cx '  vmlinux`do_syscall_64 *1')" = 2 ] || fail "keys"
[ "$(printf '%s\n' "$got" | grep -cx '  vmlinux *1')" = 1 ] || fail "mod key"
exit 0
