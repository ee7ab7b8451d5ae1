#!/bin/bash
# The default message of the faults a string index outside its storage
# and a read or write outside the clause's alloca() memory raise:
# dtrace's "invalid address" with the address (a kernel address, masked
# here), the action, and tracing going on.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
check() {	# test file, then the expected messages on stdin
	"$DTRACE" -s "$TESTDIR/$1" >"$tmp/out" 2>"$tmp/err" || { echo "$1: exit status $?"; fail=1; }
	sed -E 's/at BPF pc [0-9]+/at BPF pc N/; s/\(0xffff[0-9a-f]+\)/(KADDR)/' "$tmp/err" >"$tmp/err.n"
	diff -u - "$tmp/err.n" || fail=1
}
m='dtrace: error on enabled probe ID %d (ID 1: dtrace:::BEGIN): invalid address (KADDR) in action #%d at BPF pc N\n'
printf "$m" 3 2 4 2 5 1 | check strings/tst.strindex_fault.d
printf "$m" 3 2 4 2 6 1 7 1 8 3 9 2 10 2 11 2 13 1 | check memory/tst.alloca_bounds.d
exit $fail
