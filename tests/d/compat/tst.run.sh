#!/bin/bash
# The compat scripts run where the probes exist: each traces a small
# command (-c) or ends itself, and prints what it is meant to.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
S=$TESTDIR/compat/scripts
fail=0

# run NAME ARGS... : the script's stdout in $tmp/NAME, stderr shown on failure
run() {
	local name=$1; shift
	timeout 60 "$DTRACE" "$@" >"$tmp/$name" 2>"$tmp/$name.err"
	local rc=$?
	[ $rc = 0 ] || { echo "$name: exit status $rc"; cat "$tmp/$name.err"; fail=1; }
}
# expect NAME ERE : a line of its output matches
expect() {
	grep -Eq "$2" "$tmp/$1" || { echo "$1: no line matches /$2/:"; head -n 20 "$tmp/$1"; fail=1; }
}

run opensnoop -s "$S/opensnoop.d" -c "cat /etc/hostname"
expect opensnoop '^ +UID +PID COMM'
expect opensnoop ' cat +[0-9]+ +0 /etc/hostname$'

run procsystime -s "$S/procsystime.d" -c "ls /"
expect procsystime '^Elapsed: [0-9]+ ms$'
expect procsystime '^openat +[0-9]+ us +[0-9]+ calls$'

run dtruss -s "$S/dtruss_flags.d" -c "echo hello"
expect dtruss '^ *[0-9]+/[0-9]+: +write\(1, 0x[0-9a-f]+, 6\)$'

run errinfo -s "$S/errinfo.d" -c "ls /nonexistent-compat-dir"
expect errinfo ' 2 ENOENT +[0-9]+$'
expect errinfo '^last: ENOENT$'

run strings -s "$S/strings.d" -c "cat /etc/hostname"
expect strings '^/etc/hostname / 1$'

run rwtop -C -s "$S/rwtop.d" 1
expect rwtop '^ +PID CMD +D +BYTES$'

run countdown -q -s "$S/countdown.d"
[ "$(cat "$tmp/countdown")" = "321blastoff!" ] || { echo "countdown: $(cat "$tmp/countdown")"; fail=1; }

run syscount -s "$S/syscount.d"
expect syscount '^total [0-9]+$'

run iodist -s "$S/iodist.d" -c "cat /etc/passwd"
expect iodist 'value +-+ Distribution -+ count'
expect iodist '^avg [0-9]+ us$'

run specopen -s "$S/guide_specopen.d" -c "cat /nonexistent-compat-file"
# the committed speculation: the failed open's errno (its path too, but
# copyinstr() of a page not yet touched may fault, as on any Linux tracer)
expect specopen 'openat:return +2$'

# (cat copies to a regular file with copy_file_range: head reads and writes)
run trussrw -s "$S/trussrw.d" -c "head -n 1 /etc/hostname"
expect trussrw ':entry write\(1, 0x[0-9a-f]+, +[0-9]+\)$'
expect trussrw 'write:return[[:space:]]+= [0-9]+$'

# (-c splits its command on blanks: env execs true in the traced pid)
run execsnoop -s "$S/execsnoop.d" -c "env true a b"
expect execsnoop ' true +true a b \(8 chars, first word true\)$'

run flowtime -s "$S/flowtime.d" -c "cat /etc/hostname"
# (the entry clause records nothing, so only returns are printed: with
# => and <= for system calls)
expect flowtime '^CPU FUNCTION'
expect flowtime '^ +[0-9]+  <= openat +[0-9]+ us$'
# (the Guide's rwinfo.d, struct values in an associative array, is
# tests/d/dvars/tst.rwinfo.d)
exit $fail
