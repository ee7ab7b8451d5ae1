#!/usr/bin/env bash
# tst.freshpage.sh - copyinstr() of a string in a page the process never
# touched reads, in a pid probe (issue 16, item 2): tests/d/progs/
# fresh_page.c passes take_string() strings in one-page file mappings
# never touched (a plain probe read of them fails: bpftrace's str() reads
# ""), so only the sleepable companion (cg/prefault.c), which faults the
# page in before the probe's program runs, makes them readable; the
# program checks in /proc/self/pagemap that no page was present before
# the call and every one after it; and a string whose pointer is itself in
# such a page (copyinstr(*(uintptr_t *)copyin(arg0, 8)), argv's shape);
# and two probes with the same clause (one companion program for both).
set -u
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cc -O0 -o "$tmp/fresh_page" "$TESTDIR/progs/fresh_page.c" || { echo "cannot build fresh_page"; exit 1; }
if ! "$DTRACE" -q -n 'pid$target::take_string:entry { exit(0); }' -c "$tmp/fresh_page 1" \
	>/dev/null 2>"$tmp/err"; then
	echo "FAIL: pid\$target::take_string:entry:"; cat "$tmp/err"; exit 1
fi
fail=0
# run ACTIONS EXPECTED-FORMAT [ptr]: 20 calls of take_string (take_ptr
# with ptr), each printing as expected
run() {
	local fn=take_string
	[ $# -gt 2 ] && fn=take_ptr
	"$DTRACE" -q -n "pid\$target::$fn:entry { $1 }" -c "$tmp/fresh_page 20 ${3:-}" \
		>"$tmp/out" 2>"$tmp/err"
	local rc=$?
	for i in $(seq 0 19); do printf "$2\n" "$i"; done >"$tmp/want"
	if [ $rc != 0 ] || ! diff -u "$tmp/want" <(grep -v '^$' "$tmp/out") ||
	    ! grep -q 'fresh_page: 20 calls, 0 present before, 20 present after' "$tmp/err" ||
	    grep -v '^fresh_page:' "$tmp/err" | grep -q .; then
		echo "FAIL: $1 (exit $rc); stderr:"
		cat "$tmp/err"
		fail=1
	fi
}
run 'printf("%s\n", copyinstr(arg0));' 'fresh page string %d'
run 'printf("%s\n", copyinstr(arg0 + 6, 4));' 'page'
run 'this->s = (char *)copyin(arg0, 18); printf("%c%c\n", this->s[0], this->s[6]);' 'fp'
# argv's shape: the pointer and the string each in a page never touched
run 'printf("%s\n", copyinstr(*(uintptr_t *)copyin(arg0, 8)));' 'fresh page string %d' ptr
# two probes with the same clause share one companion program: each
# probe's program must still run after it
"$DTRACE" -q -n 'pid$target::take_string:entry, pid$target::take_other:entry {
	printf("%s %s\n", probefunc, copyinstr(arg0)); }' -c "$tmp/fresh_page 10 two" \
	>"$tmp/out" 2>"$tmp/err"
rc=$?
for i in $(seq 0 9); do
	echo "take_string fresh page string $i"
	echo "take_other fresh page string $i"
done >"$tmp/want"
if [ $rc != 0 ] || ! diff -u "$tmp/want" <(grep -v '^$' "$tmp/out") ||
    ! grep -q 'fresh_page: 20 calls, 0 present before, 20 present after' "$tmp/err" ||
    grep -v '^fresh_page:' "$tmp/err" | grep -q .; then
	echo "FAIL: two probes sharing a companion (exit $rc); stderr:"
	cat "$tmp/err"
	fail=1
fi
exit $fail
