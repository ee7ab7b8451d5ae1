#!/bin/bash
# -x printsize=N: print() copies at most N bytes of the object, and shows
# what it left out as "..."; at most 4096, 0 refused.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
cat >"$tmp/s.d" <<'SEOF'
struct pair { long a; long b; };
struct pair p;
BEGIN { p.a = 1; p.b = 2; print(&p); exit(0); }
SEOF
"$DTRACE" -qs "$tmp/s.d" >"$tmp/full" 2>"$tmp/err" || { cat "$tmp/err"; fail=1; }
grep -q '\.b = (long)2' "$tmp/full" || { echo "full:"; cat "$tmp/full"; fail=1; }
grep -q '\.\.\.' "$tmp/full" && { echo "full cut:"; cat "$tmp/full"; fail=1; }
"$DTRACE" -x printsize=8 -qs "$tmp/s.d" >"$tmp/out" 2>"$tmp/err" || { cat "$tmp/err"; fail=1; }
grep -q '\.a = (long)1' "$tmp/out" && grep -q '^ *\.\.\.$' "$tmp/out" && ! grep -q '\.b =' "$tmp/out" ||
    { echo "printsize=8:"; cat "$tmp/out"; fail=1; }
for v in 0 4097; do
	"$DTRACE" -x printsize=$v -qs "$tmp/s.d" >"$tmp/out" 2>"$tmp/err"
	[ "$(cat "$tmp/err")" = "dtrace: failed to set -x printsize: Invalid value for specified option" ] ||
	    { echo "printsize=$v: $(cat "$tmp/err")"; fail=1; }
done
exit $fail
