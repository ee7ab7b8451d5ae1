#!/bin/bash
# Probe IDs and over-specified descriptions get dtrace's errors, echoing
# the specifier as given (exit 1): an ID that names no probe (even with
# -Z or -l), an ID too large for one, an ID where -P, -m or -f want a
# name, and a description of more than four fields (also with -l, where
# nothing is listed).
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
check() {	# expected-message args...
	local want=$1; shift
	"$DTRACE" "$@" >"$tmp/out" 2>"$tmp/err"
	local rc=$?
	if [ $rc != 1 ]; then echo "$*: exit status $rc, expected 1"; fail=1; fi
	if [ -s "$tmp/out" ]; then echo "$*: unexpected stdout: $(cat "$tmp/out")"; fail=1; fi
	[ "$(cat "$tmp/err")" = "$want" ] || { echo "$*:"; echo "  expected: $want"; echo "  got:      $(cat "$tmp/err")"; fail=1; }
}
check 'dtrace: invalid probe specifier 99999: invalid probe identifier 99999: Unknown probe identifier' -i 99999
check 'dtrace: invalid probe specifier 99999 { exit(0); }: invalid probe identifier 99999: Unknown probe identifier' \
    -i '99999 { exit(0); }'
check 'dtrace: invalid probe specifier 0: invalid probe identifier 0: Unknown probe identifier' -n 0
check 'dtrace: invalid probe specifier 99999: invalid probe identifier 99999: Unknown probe identifier' -Z -i 99999
check 'dtrace: invalid probe specifier 99999: invalid probe identifier 99999: Unknown probe identifier' -l -i 99999
check 'dtrace: invalid probe specifier 99999999999: identifier 99999999999 exceeds maximum probe id' -i 99999999999
check 'dtrace: invalid probe specifier 12: probe identifier 12 not permitted when specifying providers' -P 12
check 'dtrace: invalid probe specifier 3 { exit(0); }: probe identifier 3 not permitted when specifying modules' \
    -m '3 { exit(0); }'
check 'dtrace: invalid probe specifier 4: probe identifier 4 not permitted when specifying functions' -l -f 4
check 'dtrace: invalid probe specifier a:b:c:d:e: invalid probe description "a:b:c:d:e": Overspecified probe description' \
    -n a:b:c:d:e
check 'dtrace: invalid probe specifier a:b:c:d:e{}: invalid probe description "a:b:c:d:e": Overspecified probe description' \
    -n 'a:b:c:d:e{}'
check 'dtrace: invalid probe specifier a:b:c:d:e: invalid probe description "a:b:c:d:e": Overspecified probe description' \
    -l -n a:b:c:d:e
check 'dtrace: invalid probe specifier x:a:b:c: invalid probe description "x:a:b:c": Overspecified probe description' \
    -l -P x:a:b:c
check 'dtrace: invalid probe specifier a:b:c:d:e: invalid probe description "a:b:c:d:e": Overspecified probe description' \
    -l -n BEGIN -n a:b:c:d:e
check 'dtrace: invalid probe specifier a:b: invalid probe description "a:b": Overspecified probe description' \
    -P a:b
check 'dtrace: invalid probe specifier x,a:b:c{}: invalid probe description "a:b:c": Overspecified probe description' \
    -m 'x,a:b:c{}'
check 'dtrace: invalid probe specifier a:b:c:d: invalid probe description "a:b:c:d": Overspecified probe description' \
    -f a:b:c:d
# a valid id still works, and so do the fields each option takes
"$DTRACE" -l -P dtrace -m dtrace: -f dtrace:: -f ::BEGIN >"$tmp/out" 2>"$tmp/err" ||
    { echo "fields: $(cat "$tmp/err")"; fail=1; }
# a valid id still works
"$DTRACE" -qi '1 { printf("one\n"); exit(0); }' >"$tmp/out" 2>"$tmp/err" || { echo "-i 1: $(cat "$tmp/err")"; fail=1; }
printf 'one\n\n' | diff -u - "$tmp/out" || fail=1
exit $fail
