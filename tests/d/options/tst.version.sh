#!/bin/bash
# -x version binds the program to a D version: every version DTrace
# defines up to 1.13 is accepted (also by #pragma D option); others are
# refused in DTrace's words, and once bound a later one conflicts.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
for v in 1.0 1.1 1.2.1 1.6.3 1.12.1 1.13; do
	"$DTRACE" -x version=$v -qn 'BEGIN { exit(0); }' >"$tmp/out" 2>"$tmp/err" ||
	    { echo "version=$v: exit status $?: $(cat "$tmp/err")"; fail=1; }
done
printf '#pragma D option version=1.1\nBEGIN { exit(0); }\n' >"$tmp/p.d"
"$DTRACE" -qs "$tmp/p.d" >"$tmp/out" 2>"$tmp/err" || { echo "pragma: $(cat "$tmp/err")"; fail=1; }
bad() {	# reason args...
	local want="dtrace: failed to set -x version: $1"; shift
	"$DTRACE" "$@" -qn 'BEGIN { exit(0); }' >"$tmp/out" 2>"$tmp/err"
	local rc=$?
	[ $rc = 1 ] && [ "$(cat "$tmp/err")" = "$want" ] || { echo "$*: $rc $(cat "$tmp/err")"; fail=1; }
}
bad "Requested version is not supported by compiler" -x version=1.14
bad "Requested version is not supported by compiler" -x version=2.0
bad "Requested version is not supported by compiler" -x version=1.2.3
bad "Version is not properly formatted or is too large" -x version=x
bad "Version is not properly formatted or is too large" -x version=1
bad "Version is not properly formatted or is too large" -x version=1.4096
bad "Requested version conflicts with earlier setting" -x version=1.1 -x version=1.5
bad "Invalid value for specified option" -x version
exit $fail
