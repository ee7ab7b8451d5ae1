#!/bin/bash
# -C: a #! first line (an interpreter file) is left out and line numbers
# stay right; the preprocessor's diagnostics reach stderr naming the
# script, then dtrace says it failed in its own words (exit 1).
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
fail=0
cat >sb.d <<'SEOF'
#!/usr/sbin/dtrace -Cqs
#define VAL 3
BEGIN { printf("%d\n", VAL); exit(0); }
SEOF
"$DTRACE" -Cqs sb.d >out 2>err || { echo "#!: exit status $?: $(cat err)"; fail=1; }
printf '3\n\n' | diff -u - out || fail=1
[ -s err ] && { echo "#!: stderr: $(cat err)"; fail=1; }
printf '#!/usr/sbin/dtrace -Cs\n\nBEGIN {\n\tx = ;\n}\n' >line.d
"$DTRACE" -Cs line.d >out 2>err
[ "$(cat err)" = "dtrace: failed to compile script line.d: line 4: syntax error near \";\"" ] ||
    { echo "line: $(cat err)"; fail=1; }
printf '#include "nonexistent.h"\nBEGIN { exit(0); }\n' >inc.d
"$DTRACE" -Cs inc.d >out 2>err
rc=$?
[ $rc = 1 ] || { echo "cpp error: exit status $rc"; fail=1; }
grep -q '^inc.d:1:.*nonexistent.h' err || { echo "cpp error: no diagnostic: $(cat err)"; fail=1; }
[ "$(tail -n 1 err)" = "dtrace: failed to compile script inc.d: Preprocessor failed to process input program" ] ||
    { echo "cpp error: $(tail -n 1 err)"; fail=1; }
exit $fail
