#!/bin/bash
# -C runs the C preprocessor over scripts: -D defines and -U undefines
# macros, -I adds include directories.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/inc"
printf '#define FROM_HEADER 17\n' >"$tmp/inc/hdr.h"
cat >"$tmp/s.d" <<'SEOF'
#include "hdr.h"
#pragma D option quiet

#define TWICE(x) ((x) * 2)

BEGIN
{
#if defined(VALUE) && VALUE == 3
	printf("value %d\n", TWICE(VALUE));
#else
	printf("no value\n");
#endif
#ifdef GONE
	printf("not undefined\n");
#endif
	printf("header %d\n", FROM_HEADER);
	exit(0);
}
SEOF
fail=0
"$DTRACE" -C -I "$tmp/inc" -D VALUE=3 -D GONE -U GONE -s "$tmp/s.d" >"$tmp/out" 2>"$tmp/err" ||
    { echo "exit status $?"; cat "$tmp/err"; fail=1; }
printf 'value 6\nheader 17\n\n' | diff -u - "$tmp/out" || fail=1
"$DTRACE" -C -I "$tmp/inc" -s "$tmp/s.d" >"$tmp/out" 2>"$tmp/err" ||
    { echo "exit status $?"; cat "$tmp/err"; fail=1; }
printf 'no value\nheader 17\n\n' | diff -u - "$tmp/out" || fail=1
# -x cpp is the same as -C
"$DTRACE" -x cpp -I "$tmp/inc" -D VALUE=3 -s "$tmp/s.d" >"$tmp/out" 2>"$tmp/err" ||
    { echo "exit status $?"; cat "$tmp/err"; fail=1; }
printf 'value 6\nheader 17\n\n' | diff -u - "$tmp/out" || fail=1
# without -C the preprocessor directives are not understood
"$DTRACE" -s "$tmp/s.d" >"$tmp/out" 2>"$tmp/err" && { echo "compiled without -C"; fail=1; }
exit $fail
