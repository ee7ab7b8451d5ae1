#!/bin/bash
# -x ctypes=FILE / dtypes=FILE create FILE when set, as DTrace does (no
# CTF is written: Linux types are BTF); a FILE that cannot be created is
# the option's error.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
for o in ctypes dtypes; do
	"$DTRACE" -x $o="$tmp/$o.ctf" -qn 'BEGIN { exit(0); }' >"$tmp/out" 2>"$tmp/err" ||
	    { echo "$o: exit status $?: $(cat "$tmp/err")"; fail=1; }
	[ -f "$tmp/$o.ctf" ] || { echo "$o: no file"; fail=1; }
	"$DTRACE" -x $o=/nonexistent/dir/f -qn 'BEGIN { exit(0); }' >"$tmp/out" 2>"$tmp/err"
	[ "$(cat "$tmp/err")" = "dtrace: failed to set -x $o: No such file or directory" ] ||
	    { echo "$o bad: $(cat "$tmp/err")"; fail=1; }
done
exit $fail
