#!/bin/bash
# Programs that together match no probe are refused once compiled, as
# dtrace(1M) refuses them (exit 1): "no probes matched", or "no probes
# specified" when nothing was given to compile.  An empty program is a
# compile error unless -x empty.  With -Z nothing is refused: tracing runs
# (here until the -c command exits).  -e stops after compiling.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
check() {	# want-status want-stderr args...
	local ws=$1 we=$2; shift 2
	timeout 20 "$DTRACE" "$@" >"$tmp/out" 2>"$tmp/err"
	local rc=$?
	[ $rc = "$ws" ] || { echo "$*: exit status $rc, expected $ws"; fail=1; }
	[ "$(cat "$tmp/err")" = "$we" ] || { echo "$*:"; echo "  expected: $we"; echo "  got:      $(cat "$tmp/err")"; fail=1; }
}
printf 'int x;\ninline int y = 3;\n' >"$tmp/decl.d"
: >"$tmp/empty.d"
printf '/* nothing */\n\n' >"$tmp/comment.d"
check 1 "dtrace: invalid probe specifier : empty D program translation unit" -n ''
check 1 "dtrace: description '' matched 0 probes
dtrace: no probes matched" -x empty -n ''
check 1 "dtrace: script '$tmp/decl.d' matched 0 probes
dtrace: no probes matched" -s "$tmp/decl.d"
check 1 "dtrace: failed to compile script $tmp/empty.d: line 1: empty D program translation unit" -s "$tmp/empty.d"
check 1 "dtrace: failed to compile script $tmp/comment.d: line 3: empty D program translation unit" -s "$tmp/comment.d"
check 1 "dtrace: no probes specified" -q
check 1 "dtrace: no probes specified" -x quiet -o "$tmp/o"
check 0 "" -e
check 0 "" -e -s "$tmp/decl.d"
check 0 "" -qZ -s "$tmp/decl.d" -c true
check 0 "" -qZ -n 'nosuch:::' -c true
check 0 "" -Zq -c true
exit $fail
