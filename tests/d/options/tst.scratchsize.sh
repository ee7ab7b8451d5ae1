#!/bin/bash
# -x scratchsize sets each clause's scratch space (alloca, copyin): what
# fits runs, more faults with "out of scratch space"; the default is 1k;
# 0 is refused.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
run() {	# want-out want-err args...
	local wo=$1 we=$2; shift 2
	timeout 20 "$DTRACE" -q "$@" >"$tmp/out" 2>"$tmp/err"
	sed -i -E 's/at BPF pc [0-9]+/at BPF pc N/' "$tmp/err"
	[ "$(cat "$tmp/out")" = "$wo" ] || { echo "$*: stdout: $(cat "$tmp/out")"; fail=1; }
	[ "$(cat "$tmp/err")" = "$we" ] || { echo "$*: stderr: $(cat "$tmp/err")"; fail=1; }
}
prog() { echo "BEGIN { p = alloca($1); printf(\"ok\\n\"); } BEGIN { exit(0); }"; }
flt='dtrace: error on enabled probe ID 2 (ID 1: dtrace:::BEGIN): out of scratch space in action #1 at BPF pc N'
run ok "" -n "$(prog 1024)"
run "" "$flt" -n "$(prog 1025)"
run ok "" -x scratchsize=4k -n "$(prog 4096)"
run "" "$flt" -x scratchsize=4k -n "$(prog 4097)"
run ok "" -x scratchsize=60 -n "$(prog 64)"	# rounded up to 64
run "" "$flt" -x scratchsize=64 -n "$(prog 65)"
run "" "dtrace: failed to set -x scratchsize: Invalid value for specified option" \
    -x scratchsize=0 -n "$(prog 1)"
run "" "dtrace: failed to set -x scratchsize: Invalid value for specified option" \
    -x scratchsize=1m -n "$(prog 1)"
exit $fail
