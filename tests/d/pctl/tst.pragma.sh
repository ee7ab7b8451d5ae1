#!/bin/bash
# The -c command is created before the program is compiled, as in
# DTrace: a script's #pragma D option evaltime comes too late for it and
# the default (postinit) holds; -x evaltime on the command line counts.
. "$TESTDIR/pctl/common.bash"
build_pctl
cat >"$tmp/s.d" <<EOD
#pragma D option quiet
#pragma D option evaltime=main
$W
END { printf("\n"); }
EOD
"$DTRACE" -s "$tmp/s.d" -c "$tmp/pctl_prog" >"$tmp/out" 2>"$tmp/err" || { cat "$tmp/err"; exit 1; }
[ "$(tail -n 2 "$tmp/out" | head -n 1)" = "4 5 " ] || { echo "pragma:"; cat "$tmp/out"; exit 1; }
"$DTRACE" -x evaltime=exec -s "$tmp/s.d" -c "$tmp/pctl_prog" >"$tmp/out" 2>"$tmp/err" || exit 1
[ "$(tail -n 2 "$tmp/out" | head -n 1)" = "3 4 5 " ] || { echo "-x:"; cat "$tmp/out"; exit 1; }
exit 0
