#!/bin/bash
# -x droptags: drops are reported with the DTRACEDROP_ tag of their kind,
# as dtrace prints them: the principal buffer drops of buffers/tst.bigrec.d
# and the speculative drops of spec/tst.specsize.d, on one CPU, with the
# same output as without the option.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
check() {	# expected-stderr script
	local want=$1 t=$TESTDIR/$2
	(cd "$(dirname "$t")" && taskset -c 0 "$DTRACE" -x droptags -s "$(basename "$t")") \
	    >"$tmp/out" 2>"$tmp/err"
	local rc=$?
	if [ $rc != 0 ]; then echo "$2: exit status $rc"; fail=1; fi
	if ! diff -u "$t.out" "$tmp/out"; then fail=1; fi
	if [ "$(cat "$tmp/err")" != "$want" ]; then
		echo "$2:"; echo "  expected: $want"; echo "  got:      $(cat "$tmp/err")"
		fail=1
	fi
}
check 'dtrace: [DTRACEDROP_PRINCIPAL] 2 drops on CPU 0' buffers/tst.bigrec.d
check 'dtrace: [DTRACEDROP_SPEC] 4 speculative drops' spec/tst.specsize.d
exit $fail
