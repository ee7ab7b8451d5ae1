#!/usr/bin/env bash
# The JSON Lines and OpenMetrics formatters stay leak- and error-free under
# valgrind: every JSON object type (a fault, printf(), print(), the
# aggregation functions, a joined printa()), and OpenMetrics expositions
# to a regular file (rewritten) and to a pipe.
set -o pipefail
command -v valgrind >/dev/null || { echo "valgrind missing"; exit 1; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
supp="$TESTDIR/../valgrind.supp"
prog='struct s { int a; char b[4]; };
BEGIN { p = (struct s *)alloca(sizeof(struct s)); p->a = 3; trace(*p); trace("x\377");
    printf("%d %s\n", 1, "a\tb"); print(p); tracemem(p, 8);
    @c["k", 1] = count(); @m["k", 1] = max(2); @q["k", 1] = quantize(5);
    @l["k", 1] = lquantize(3, 0, 10, 1); @ll["k", 1] = llquantize(50, 10, 0, 3, 10);
    printa(@c, @m, @q); printa(@l); }
BEGIN { x = *(int *)8; }
BEGIN { exit(0); }'
vg() { valgrind --error-exitcode=9 --leak-check=full --errors-for-leak-kinds=definite \
	--suppressions="$supp" "$DTRACE" "$@" 2>"$tmp/vg"; }
check() { # what
	grep -q "All heap blocks were freed" "$tmp/vg" ||
		{ echo "$1: leaks"; tail -n 20 "$tmp/vg"; exit 1; }
}
vg -x oformat=json -qn "$prog" >"$tmp/json" || { echo "json: valgrind exit $?"; tail -n 20 "$tmp/vg"; exit 1; }
check json
jq -e . "$tmp/json" >/dev/null || { echo "json: not JSON Lines"; exit 1; }
vg -x oformat=openmetrics -o "$tmp/m.prom" -qn "$prog" ||
	{ echo "openmetrics: valgrind exit $?"; tail -n 20 "$tmp/vg"; exit 1; }
check openmetrics
vg -x oformat=openmetrics -qn "$prog" | cat >"$tmp/pipe" ||
	{ echo "openmetrics to a pipe: valgrind exit"; tail -n 20 "$tmp/vg"; exit 1; }
check "openmetrics to a pipe"
[ "$(grep -c '^# EOF$' "$tmp/m.prom")" = 1 ] && [ "$(grep -c '^# EOF$' "$tmp/pipe")" = 2 ] ||
	{ echo "expositions:"; cat "$tmp/m.prom" "$tmp/pipe"; exit 1; }
exit 0
