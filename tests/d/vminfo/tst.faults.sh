#!/bin/bash
# vminfo: as_fault fires for faults on pages not present (info_load
# faults touches 64 fresh pages), prot_fault for faults on present pages
# (it then writes 32 of them again after a fork: copy-on-write), and the
# one is not the other: the first loop alone would give no prot_fault
# for those pages, so prot_fault >= 32 and as_fault >= 64.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$TESTDIR/progs/build.bash"
build_prog info_load
cat >"$tmp/s.d" <<'SEOF'
#pragma D option quiet
vminfo:::as_fault /pid == $target/ { a += arg0; }
vminfo:::prot_fault /pid == $target/ { p += arg0; }
END { printf("%d %d\n", a, p); }
SEOF
"$DTRACE" -s "$tmp/s.d" -c "$tmp/info_load faults" >"$tmp/out" 2>"$tmp/err" || {
	echo "dtrace failed"; cat "$tmp/err"; exit 1; }
read -r a p <"$tmp/out"
[ "$a" -ge 64 ] && [ "$p" -ge 32 ] || { echo "as_fault $a prot_fault $p"; exit 1; }
# a workload that writes no page twice across a fork: far fewer
"$DTRACE" -s "$tmp/s.d" -c "$tmp/info_load sleep" >"$tmp/out" 2>"$tmp/err" || {
	echo "dtrace failed"; cat "$tmp/err"; exit 1; }
read -r a2 p2 <"$tmp/out"
[ "$p2" -lt 32 ] || { echo "sleep: as_fault $a2 prot_fault $p2"; exit 1; }
exit 0
