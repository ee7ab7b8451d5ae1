#!/bin/bash
# -l of pid probes: modules named a.out and by base name, globs over
# modules and functions, one probe per function address under a glob,
# an alias by its own name, and libc's entries listed in well under a
# second.
. "$TESTDIR/pid/common.bash"
build_pid p
start_waiting "$tmp/p" 1000 wait
trap 'kill $wpid 2>/dev/null; rm -rf "$tmp"' EXIT
$DTRACE -l -n "pid$wpid:a.out:pid_*:entry" >"$tmp/out" 2>"$tmp/err" || fail "a.out list"
got=$(awk 'NR > 1 { print $2, $3, $4, $5 }' "$tmp/out" | sort | tr '\n' ',')
want="pid$wpid a.out pid_add entry,pid$wpid a.out pid_eight entry,pid$wpid a.out pid_first entry,pid$wpid a.out pid_lib entry,pid$wpid a.out pid_narrow entry,pid$wpid a.out pid_sign entry,"
[ "$got" = "$want" ] || fail "a.out: $got"
# the executable also answers to its own name
$DTRACE -l -n "pid$wpid:p:pid_add:return" >"$tmp/out" 2>"$tmp/err" || fail "by file name"
[ "$(awk 'NR == 2 { print $3, $4, $5 }' "$tmp/out")" = "a.out pid_add return" ] || fail "by file name"
start=$(date +%s%N)
$DTRACE -l -n "pid$wpid:libc.so.6::entry" >"$tmp/out" 2>"$tmp/err" || fail "libc list"
ms=$(( ($(date +%s%N) - start) / 1000000 ))
n=$(($(wc -l <"$tmp/out") - 1))
[ $n -ge 1000 ] || fail "libc has $n entry probes"
[ $ms -lt 1000 ] || fail "listing libc took $ms ms"
# one probe per address: no function twice
[ "$(awk 'NR > 1 { print $4 }' "$tmp/out" | sort | uniq -d | wc -l)" = 0 ] || fail "duplicates"
grep -q ' malloc entry$' "$tmp/out" || fail "no malloc"
$DTRACE -l -n "pid$wpid:libc*:*alloc*:entry" >"$tmp/out" 2>"$tmp/err" || fail "globs"
grep -q ' libc.so.6  *malloc entry$' "$tmp/out" || fail "globs"
awk 'NR > 1 && ($3 !~ /^libc/ || $4 !~ /alloc/) { exit 1 }' "$tmp/out" || fail "glob matched too much"
# an address is matched by any of its names: strcasecmp's prints as
# __strcasecmp in stacks, yet str* has it, named strcasecmp
$DTRACE -l -n "pid$wpid:libc.so.6:str*:entry" >"$tmp/out" 2>"$tmp/err" || fail "str*"
grep -q ' strcasecmp entry$' "$tmp/out" || fail "str* lacks strcasecmp"
# an exact name may be an alias (calloc's address prints as __libc_calloc
# in user stacks): the probe has the name asked for
$DTRACE -l -n "pid$wpid:libc.so.6:calloc:entry" >"$tmp/out" 2>"$tmp/err" || fail "alias"
[ "$(awk 'NR == 2 { print $3, $4, $5 }' "$tmp/out")" = "libc.so.6 calloc entry" ] || fail "alias"
# every object: the executable, libc and the dynamic linker
$DTRACE -l -n "pid$wpid:::entry" >"$tmp/out" 2>"$tmp/err" || fail "all"
for m in a.out libc.so.6 ld-linux-x86-64.so.2; do
	grep -q " $m " "$tmp/out" || fail "no $m in pid$wpid:::entry"
done
# -l -n expands $target as the compiler does (here the -c command's)
$DTRACE -l -n 'pid$target:a.out:pid_add:entry' -c "$tmp/p" >"$tmp/out" 2>"$tmp/err" || fail "-l with \$target"
awk 'NR == 2 && $2 ~ /^pid[0-9]+$/ && $3 == "a.out" && $4 == "pid_add" { ok = 1 } END { exit !ok }' "$tmp/out" ||
	fail "-l with \$target"
exit 0
