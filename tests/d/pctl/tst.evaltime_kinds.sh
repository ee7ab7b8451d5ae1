#!/bin/bash
# evaltime with a non-PIE executable, a stripped one (main found as
# __libc_start_main's first argument) and a static one (no dynamic
# linker: preinit and postinit are its entry point, where the exec
# leaves it, so its constructor is traced; main still stops at main).
. "$TESTDIR/pctl/common.bash"
build_pctl all
check() {	# prog evaltime expected
	"$DTRACE" -qn "$W"' END { printf("end\n"); }' -x evaltime=$2 -c "$tmp/$1" \
		>"$tmp/out" 2>"$tmp/err"
	rc=$?
	got=$(sed -n 's/end$//p' "$tmp/out")
	[ $rc = 0 ] && [ ! -s "$tmp/err" ] && [ "$got" = "$3 " ] && return 0
	echo "$1 evaltime=$2: exit $rc, got '$got', expected '$3'"
	cat "$tmp/out" "$tmp/err"
	exit 1
}
check pctl_nopie preinit "3 4 5"
check pctl_nopie postinit "4 5"
check pctl_nopie main "5"
check pctl_stripped postinit "4 5"
check pctl_stripped main "5"
check pctl_static exec "4 5"
check pctl_static preinit "4 5"
check pctl_static postinit "4 5"
check pctl_static main "5"
exit 0
