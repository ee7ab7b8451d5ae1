#!/bin/bash
# The user PC of the process's last system call (exit_group, in libc's
# _exit): its records are printed after the process is gone, and still
# resolve (dtrace -c holds the child at its exit, as for ustack()).
got=$("$DTRACE" -qn 'syscall::exit_group:entry /pid == $target/ {
	printf("%A\n", uregs[R_PC]); ufunc(uregs[R_PC]); }' -c /bin/true 2>&1)
fail() { echo "$1; got:"; printf '%s\n' "$got" | cat -A; exit 1; }
a=$(printf '%s\n' "$got" | sed -n 1p)
printf '%s\n' "$a" | grep -Eqx 'libc\.so\.6`_*_[Ee]xit\+0x[0-9a-f]+' || fail "%A"
[ "$(printf '%s\n' "$got" | sed -n 2p)" = "$(printf '  %-50s' "${a%+*}")" ] || fail "ufunc"
exit 0
