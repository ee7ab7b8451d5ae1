#!/bin/bash
# When the -c command exits dtrace says how, as DTrace's prochandler does
# ("has exited", "exited with status N", "terminated by SIGKILL"), runs
# END and exits 0; -q says nothing.  One that exits before it reaches
# its evaltime point (in a constructor, evaltime=main) is reported when
# tracing starts.
. "$TESTDIR/pctl/common.bash"
build_pctl
check() {	# args expected-notice [dtrace options]
	"$DTRACE" $3 -n 'END { trace("end"); }' -c "$tmp/pctl_prog $1" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	pid=$(awk '/^dtrace: pid/ { print $3 }' "$tmp/err")
	[ $rc = 0 ] && grep -q end "$tmp/out" &&
		[ "$(tail -n 1 "$tmp/err")" = "dtrace: pid $pid $2" ] && return 0
	echo "'$1': exit $rc"; cat "$tmp/out" "$tmp/err"
	exit 1
}
check "" "has exited"
check "exit 3" "exited with status 3"
check "kill" "terminated by SIGKILL"
PCTL_CTOR_EXIT=7 check "" "exited with status 7" "-x evaltime=main"
"$DTRACE" -qn 'END { trace("end"); }' -c "$tmp/pctl_prog kill" >"$tmp/out" 2>"$tmp/err"
[ $? = 0 ] && [ ! -s "$tmp/err" ] || { echo "-q"; cat "$tmp/err"; exit 1; }
exit 0
