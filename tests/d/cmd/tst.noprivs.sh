#!/bin/bash
# Without privileges (user nobody: no capability, no tracefs) every path
# that needs the kernel says once, as dtrace(1M) does when it cannot open
# DTrace, "failed to initialize dtrace: DTrace requires additional
# privileges" and exits 1 before doing anything (no -o file, no -c
# command): tracing, -l with and without descriptions, -e on probes only
# the kernel lists.  What needs no kernel still works: -V, -h and -G from
# a provider file, -e on a program of BEGIN and END.  Each invocation is
# exec'd once.  The build is copied where nobody can reach it (a build
# tree under a private home would not be).
top=$(cd "$TESTDIR/../.." && pwd)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
if command -v setpriv >/dev/null; then
	NOBODY=(setpriv --reuid=65534 --regid=65534 --clear-groups)
else
	NOBODY=(runuser -u nobody --)
fi
mkdir -p "$tmp/t/build" "$tmp/w" || exit 1
cp -rL "$DTRACE" "$(dirname "$DTRACE")/libdtrace.so.0" "$(dirname "$DTRACE")/dlib" "$tmp/t/build/" &&
    cp -r "$top/dlib" "$tmp/t/dlib" && chmod -R a+rX "$tmp" && chmod a+w "$tmp/w" || exit 1
D=$tmp/t/build/dtrace
W=$tmp/w
printf 'provider dtt {\n\tprobe p(int);\n};\n' >"$W/prov.d"
printf 'syscall::read:entry { @ = count(); }\n' >"$W/s.d"
msg="dtrace: failed to initialize dtrace: DTrace requires additional privileges"
fail=0
run() {	# expected-status expected-stderr dtrace-args...
	local want=$1 werr=$2
	shift 2
	"${NOBODY[@]}" "$D" "$@" >"$W/out" 2>"$W/err" </dev/null
	local rc=$?
	local got
	got=$(<"$W/err")
	if [ "$rc" != "$want" ] || [ "$got" != "$werr" ]; then
		echo "dtrace $*: exit $rc (expected $want), stderr:"
		echo "$got"
		fail=1
	fi
}
run 1 "$msg" -n 'syscall::read:entry'
run 1 "$msg" -n BEGIN
run 1 "$msg" -qn 'BEGIN { exit(0); }' -o "$W/o.txt"
[ -e "$W/o.txt" ] && { echo "-o's file was made"; fail=1; }
run 1 "$msg" -s "$W/s.d" -c "touch $W/ran"
[ -e "$W/ran" ] && { echo "-c's command ran"; fail=1; }
run 1 "$msg" -l
run 1 "$msg" -l -n 'syscall:::entry'
run 1 "$msg" -e -n 'syscall::read:entry { trace(arg0); }'
run 0 "" -e -n 'BEGIN { exit(0); } END { }'
run 0 "" -h -s "$W/prov.d" -o "$W/prov.h"
grep -q 'DTT_P_ENABLED' "$W/prov.h" || { echo "-h: no DTT_P_ENABLED in the header"; fail=1; }
printf '#include "prov.h"\nvoid f(int i) { DTT_P(i); }\n' >"$W/m.c" &&
	cc -c -I"$W" -o "$W/m.o" "$W/m.c" && chmod a+r "$W/m.o" || { echo "cannot build m.o"; fail=1; }
run 0 "" -G -s "$W/prov.d" -o "$W/prov.o" "$W/m.o"
[ -s "$W/prov.o" ] || { echo "-G: no object"; fail=1; }
exit $fail
