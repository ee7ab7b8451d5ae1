#!/bin/bash
# copyin() copies user memory into scratch space, copyinto() into a given
# scratch buffer, copyinstr() reads a string; a bad user address faults.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/t.d" <<'DEOF'
#pragma D option quiet
syscall::write:entry /pid == $target && arg2 == 6/ {
	this->p = (char *)copyin(arg1, 5);
	printf("%c%c%c%c%c|", *this->p, *(this->p + 1), *(this->p + 2), *(this->p + 3), *(this->p + 4));
	this->q = (char *)alloca(8);
	copyinto(arg1 + 1, 4, this->q);
	*(this->q + 4) = 0;
	printf("%s|%s\n", stringof(this->q), copyinstr(arg1, 3));
}
syscall::write:entry /pid == $target && arg2 == 6/ {
	copyin(8, 4);
}
DEOF
"$DTRACE" -s "$tmp/t.d" -c 'echo hello' >"$tmp/out" 2>"$tmp/err"
rc=$?
fail=0
[ $rc = 0 ] || { echo "exit status $rc"; fail=1; }
printf 'hello\nhello|ello|hel\n\n' | diff -u - "$tmp/out" || fail=1
sed -E 's/at BPF pc [0-9]+/at BPF pc N/; s/probe ID [0-9]+ \(ID [0-9]+:/probe ID E (ID P:/' "$tmp/err" >"$tmp/err.n"
echo 'dtrace: error on enabled probe ID E (ID P: syscall:vmlinux:write:entry): invalid address (0x8) in action #1 at BPF pc N' |
	diff -u - "$tmp/err.n" || fail=1
exit $fail
