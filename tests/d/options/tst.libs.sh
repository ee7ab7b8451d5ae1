#!/bin/bash
# -x nolibs loads no D library (the translator behind curpsinfo is then
# unknown); -x syslibdir replaces the default library directory.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
prog='BEGIN { printf("%d\n", curpsinfo->pr_pid == pid); exit(0); }'
"$DTRACE" -qn "$prog" >"$tmp/out" 2>"$tmp/err" || { echo "default: $(cat "$tmp/err")"; fail=1; }
printf '1\n\n' | diff -u - "$tmp/out" || fail=1
"$DTRACE" -x nolibs -qn "$prog" >"$tmp/out" 2>"$tmp/err"
[ "$(cat "$tmp/err")" = "dtrace: invalid probe specifier $prog: in action list: failed to resolve curpsinfo: Unknown variable name" ] ||
    { echo "nolibs: $(cat "$tmp/err")"; fail=1; }
mkdir "$tmp/lib"
printf 'inline int forty_two = 42;\n' >"$tmp/lib/mine.d"
"$DTRACE" -x syslibdir="$tmp/lib" -qn 'BEGIN { printf("%d\n", forty_two); exit(0); }' \
    >"$tmp/out" 2>"$tmp/err" || { echo "syslibdir: $(cat "$tmp/err")"; fail=1; }
printf '42\n\n' | diff -u - "$tmp/out" || fail=1
"$DTRACE" -x syslibdir="$tmp/lib" -qn "$prog" >"$tmp/out" 2>"$tmp/err"
grep -q "failed to resolve curpsinfo" "$tmp/err" || { echo "syslibdir replaces: $(cat "$tmp/err")"; fail=1; }
exit $fail
