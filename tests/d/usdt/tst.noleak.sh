#!/bin/bash
# No uprobe is left behind when dtrace exits, normally (SIGINT) or killed
# with -9:
# the multi-uprobe links that appeared while it traced (bpftool link:
# "type 12", uprobe_multi) are gone after it, and the semaphore of the
# still-running target, read from /proc/PID/mem, is back to 0.  (bpftool
# with timeouts, not dtrace's /proc/PID/fdinfo; links other tests make
# meanwhile are not ours only if they outlive dtrace: none do here.)
. "$TESTDIR/usdt/common.bash"
command -v bpftool >/dev/null || { echo "no bpftool"; exit 1; }
build_usdt p -O2
start_waiting "$tmp/p" 0 20
trap 'kill $wpid 2>/dev/null; [ -n "$d" ] && kill -9 $d 2>/dev/null; rm -rf "$tmp"' EXIT
addr=$(sed -n 's/^ready sema=//p' "$tmp/prog.out")
sema() {
	/usr/bin/python3 -c 'import sys
with open("/proc/%s/mem" % sys.argv[1], "rb") as f:
    f.seek(int(sys.argv[2], 16)); print(int.from_bytes(f.read(2), "little"))' $wpid "$addr"
}
links() {	# the ids of the uprobe_multi links, sorted
	timeout -s KILL 20 bpftool link show | sed -n 's/^\([0-9]*\): type 12 .*/\1/p' |
	    sed -n 's/^\([0-9]*\): uprobe_multi .*/\1/p;/^[0-9]*$/p' | sort
}
for how in exit kill; do
	links >"$tmp/before"
	"$DTRACE" -qn 'usdtprog$target:::work { @ = count(); }' \
	    -p $wpid >"$tmp/out" 2>"$tmp/err" &
	d=$!
	for ((i = 0; i < 1000; i++)); do
		[ "$(sema)" = 1 ] && break
		sleep 0.01
	done
	[ "$(sema)" = 1 ] || fail "not traced ($how)"
	links | comm -13 "$tmp/before" - >"$tmp/ours"
	[ -s "$tmp/ours" ] || fail "no uprobe_multi link seen ($how)"
	[ $how = kill ] && kill -9 $d || kill -INT $d	# INT: a normal exit
	timeout -s KILL 30 tail --pid=$d -f /dev/null
	wait $d 2>/dev/null
	d=
	for ((i = 0; i < 10; i++)); do
		left=$(links | comm -12 "$tmp/ours" -)
		[ -z "$left" ] && break
		sleep 0.5
	done
	[ -z "$left" ] || fail "links left after dtrace ($how): $left"
	[ "$(sema)" = 0 ] || fail "semaphore $(sema) after dtrace ($how)"
done
exit 0
