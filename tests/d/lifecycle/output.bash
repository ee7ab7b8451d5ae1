# Sourced by the output-error tests (tst.devfull.sh, tst.fill.sh,
# tst.epipe.sh): the check of what dtrace said when its output could not
# be written.

# expect_abort ERRFILE MESSAGE: dtrace's stderr says MESSAGE exactly once
# and nothing else but drop reports (a high-rate script may drop records
# before the output fails: "dtrace: 12 drops on CPU 1")
expect_abort() {
	local n
	n=$(grep -cxF -- "$2" "$1")
	[ "$n" = 1 ] || { echo "expected once: $2"; echo "stderr:"; cat "$1"; return 1; }
	if grep -vxF -- "$2" "$1" | grep -vEq '^dtrace: [0-9]+ [a-z ]*drops?( .*)?$'; then
		echo "stderr has more than drops and: $2"; cat "$1"; return 1
	fi
	return 0
}
