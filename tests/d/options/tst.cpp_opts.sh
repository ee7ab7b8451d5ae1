#!/bin/bash
# The preprocessor's options: define/undef/incdir as -D/-U/-I, cppargs
# (blank-separated), cpphdrs and -H (cpp lists the files it includes),
# cpppath (the preprocessor to run); __SUNW_D_VERSION is the D version
# bound.  None of them may be set from within a D program.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/inc"
printf '#define FROM_HEADER 17\n' >"$tmp/inc/hdr.h"
cat >"$tmp/s.d" <<'SEOF'
#include "hdr.h"
#pragma D option quiet
BEGIN
{
	printf("%d %d %d %x\n", FROM_HEADER, ONE, TWO, __SUNW_D_VERSION);
#ifdef GONE
	printf("not undefined\n");
#endif
	exit(0);
}
SEOF
fail=0
"$DTRACE" -C -x incdir="$tmp/inc" -x define=ONE=1 -x cppargs="-DTWO=2 -DGONE" -x undef=GONE \
    -s "$tmp/s.d" >"$tmp/out" 2>"$tmp/err" || { echo "exit status $?"; cat "$tmp/err"; fail=1; }
printf '17 1 2 100d000\n\n' | diff -u - "$tmp/out" || fail=1
"$DTRACE" -C -x version=1.5 -I "$tmp/inc" -DONE=1 -DTWO=2 -s "$tmp/s.d" >"$tmp/out" 2>"$tmp/err" ||
    { echo "version=1.5: exit status $?"; cat "$tmp/err"; fail=1; }
printf '17 1 2 1005000\n\n' | diff -u - "$tmp/out" || fail=1
# -H and cpphdrs: cpp names the header on stderr
for h in -H "-x cpphdrs"; do
	"$DTRACE" -C $h -I "$tmp/inc" -DONE=1 -DTWO=2 -s "$tmp/s.d" >"$tmp/out" 2>"$tmp/err" ||
	    { echo "$h: exit status $?"; cat "$tmp/err"; fail=1; }
	grep -q "^\. $tmp/inc/hdr.h\$" "$tmp/err" || { echo "$h: no header listed:"; cat "$tmp/err"; fail=1; }
done
# cpppath: another preprocessor (here a wrapper that defines ONE and TWO)
printf '#!/bin/sh\nexec cpp -DONE=5 -DTWO=6 "$@"\n' >"$tmp/mycpp"
chmod +x "$tmp/mycpp"
"$DTRACE" -C -x cpppath="$tmp/mycpp" -I "$tmp/inc" -s "$tmp/s.d" >"$tmp/out" 2>"$tmp/err" ||
    { echo "cpppath: exit status $?"; cat "$tmp/err"; fail=1; }
printf '17 5 6 100d000\n\n' | diff -u - "$tmp/out" || fail=1
"$DTRACE" -C -x cpppath=/nonexistent/cpp -s "$tmp/s.d" >"$tmp/out" 2>"$tmp/err"
[ "$(cat "$tmp/err")" = "dtrace: failed to compile script $tmp/s.d: Preprocessor not found" ] ||
    { echo "cpppath missing: $(cat "$tmp/err")"; fail=1; }
# not from within a D program
for o in define=X incdir=/tmp undef=X cppargs=-DX cpppath=/bin/cpp cpphdrs stdc=a \
    ldpath=/bin/ld modpath=/lib/modules procfspath=/proc; do
	printf '#pragma D option %s\nBEGIN { exit(0); }\n' "$o" >"$tmp/p.d"
	"$DTRACE" -s "$tmp/p.d" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	name=${o%%=*}
	if [ "$o" = "$name" ]; then
		want="dtrace: failed to compile script $tmp/p.d: line 1: failed to set option '$name': Option cannot be used from within a D program"
	else
		want="dtrace: failed to compile script $tmp/p.d: line 1: failed to set option '$name' to '${o#*=}': Option cannot be used from within a D program"
	fi
	[ $rc = 1 ] && [ "$(cat "$tmp/err")" = "$want" ] || { echo "pragma $o: $rc $(cat "$tmp/err")"; fail=1; }
done
exit $fail
