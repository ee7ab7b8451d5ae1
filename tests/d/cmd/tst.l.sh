#!/bin/bash
# -l lists the probes matching -n/-P/-i/-m/-f descriptions (or all probes)
# under an ID/PROVIDER/MODULE/FUNCTION/NAME heading, without enabling them.
# A description that matches nothing is reported but is not fatal.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
hdr() { printf '%5s %10s %17s %33s %s\n' ID PROVIDER MODULE FUNCTION NAME; }
row() { printf '%5d %10s %17s %33s %s\n' "$1" "$2" "" "" "$3"; }
check() {	# name want-file args...
	local name=$1 want=$2; shift 2
	"$DTRACE" "$@" >"$tmp/out" 2>"$tmp/err"
	local rc=$?
	[ $rc = 0 ] || { echo "$name: exit status $rc"; fail=1; }
	diff -u "$want" "$tmp/out" >"$tmp/diff" || { echo "$name:"; cat "$tmp/diff"; fail=1; }
}
{ hdr; row 1 dtrace BEGIN; } >"$tmp/w1"
check "-l -n BEGIN" "$tmp/w1" -l -n BEGIN
[ -s "$tmp/err" ] && { echo "-l -n BEGIN: stderr: $(cat "$tmp/err")"; fail=1; }
{ hdr; row 1 dtrace BEGIN; row 2 dtrace END; row 3 dtrace ERROR; } >"$tmp/w2"
check "-l -P dtrace" "$tmp/w2" -l -P dtrace
check "-l -m dtrace:" "$tmp/w2" -l -m dtrace:
check "-l -f dtrace::" "$tmp/w2" -l -f dtrace::
check "-l -n dtrace:::" "$tmp/w2" -l -n 'dtrace:::'
{ hdr; row 2 dtrace END; } >"$tmp/w3"
check "-l -i 2" "$tmp/w3" -l -i 2
{ hdr; row 2 dtrace END; row 3 dtrace ERROR; } >"$tmp/w4"
check "-l -n dtrace:::E*" "$tmp/w4" -l -n 'dtrace:::E*'
{ hdr; row 3 dtrace ERROR; row 1 dtrace BEGIN; } >"$tmp/w5"
check "-l -n ERROR -n BEGIN" "$tmp/w5" -l -n ERROR -n BEGIN
# the probes of a clause with an action are listed too
check "-l -n BEGIN{...}" "$tmp/w1" -l -n 'BEGIN { exit(0); }'
# nothing matched: heading only, a message, and success
hdr >"$tmp/w6"
check "-l -n nosuch" "$tmp/w6" -l -n nosuch
[ "$(cat "$tmp/err")" = "dtrace: failed to match :::nosuch: No probe matches description" ] ||
    { echo "-l -n nosuch: stderr: $(cat "$tmp/err")"; fail=1; }
# a tick probe is created on demand for listing
"$DTRACE" -l -n tick-3s >"$tmp/out" 2>"$tmp/err"
[ "$(sed -n 2p "$tmp/out" | awk '{print $2, $3}')" = "profile tick-3s" ] ||
    { echo "-l -n tick-3s:"; cat "$tmp/out" "$tmp/err"; fail=1; }
# everything: the dtrace provider's probes come first
"$DTRACE" -l >"$tmp/out" 2>"$tmp/err" || { echo "-l: exit status $?"; fail=1; }
head -n 4 "$tmp/out" | diff -u "$tmp/w2" - || fail=1
grep -Eq '^ +[0-9]+ +profile +profile-97$' "$tmp/out" || { echo "-l: no profile-97"; fail=1; }
exit $fail
