#!/bin/bash
# -c of a command that cannot run: DTrace's one line and exit 1, whether
# it is not found or the exec itself fails (a directory).
. "$TESTDIR/pctl/common.bash"
"$DTRACE" -qn 'BEGIN { exit(0); }' -c "$tmp/nosuch arg" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 1 ] && [ "$(cat "$tmp/err")" = "dtrace: failed to execute $tmp/nosuch: No such file or directory" ] ||
	{ echo "nosuch: exit $rc"; cat "$tmp/err"; exit 1; }
mkdir "$tmp/bad"
"$DTRACE" -qn 'BEGIN { exit(0); }' -c "$tmp/bad" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 1 ] && [ "$(cat "$tmp/err")" = "dtrace: failed to execute $tmp/bad: Permission denied" ] ||
	{ echo "bad: exit $rc"; cat "$tmp/err"; exit 1; }
exit 0
