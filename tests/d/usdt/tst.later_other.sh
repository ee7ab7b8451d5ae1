#!/bin/bash
# A glob enabling (usdtprog*:::work) applies to a process started after
# dtrace that runs ANOTHER object with the provider (the program built a
# second time, at another path): dtrace notices its exec, finds the
# object's notes and attaches the enabling there.  Its firings have
# probeprov usdtprog and its pid, its semaphore is raised while traced,
# and after dtrace is killed with -9 no uprobe link is left and the
# semaphore is back to 0.
. "$TESTDIR/usdt/common.bash"
command -v bpftool >/dev/null || { echo "no bpftool"; exit 1; }
build_usdt a -O2
build_usdt b -O2
start_waiting "$tmp/a" 0 200
apid=$wpid
trap 'kill $apid $bpid 2>/dev/null; [ -n "$dpid" ] && kill -9 $dpid 2>/dev/null; wait 2>/dev/null; rm -rf "$tmp"' EXIT
links() {	# the ids of the uprobe_multi links, sorted
	timeout -s KILL 20 bpftool link show | sed -n 's/^\([0-9]*\): type 12 .*/\1/p' |
	    sed -n 's/^\([0-9]*\): uprobe_multi .*/\1/p;/^[0-9]*$/p' | sort
}
links >"$tmp/before"
"$DTRACE" -qn 'usdtprog*:::work { printf("%s %d\n", probeprov, pid); }' \
    -n 'BEGIN { printf("ready\n"); }' -o "$tmp/out" 2>"$tmp/err" &
dpid=$!
# has "$tmp/out" a line $1?  (no exec: read by the shell)
has() {
	local l
	while read -r l; do [ "$l" = "$1" ] && return 0; done <"$tmp/out"
	return 1
}
for ((i = 0; i < 600; i++)); do
	[ -f "$tmp/out" ] && has ready && break
	kill -0 $dpid 2>/dev/null || fail "dtrace exited"
	sleep 0.1
done
has ready || fail "dtrace did not start"
"$tmp/b" 0 10 >"$tmp/b.out" 2>&1 &
bpid=$!
for ((i = 0; i < 600; i++)); do
	has "usdtprog$bpid $bpid" && break
	kill -0 $dpid 2>/dev/null || fail "dtrace exited"
	sleep 0.1
done
has "usdtprog$bpid $bpid" || fail "the later process (other object) not traced"
has "usdtprog$apid $apid" || fail "the first process not traced"
addr=$(sed -n 's/^ready sema=//p' "$tmp/b.out")
sema() {
	/usr/bin/python3 -c 'import sys
with open("/proc/%s/mem" % sys.argv[1], "rb") as f:
    f.seek(int(sys.argv[2], 16)); print(int.from_bytes(f.read(2), "little"))' $bpid "$addr"
}
[ "$(sema)" = 1 ] || fail "semaphore $(sema) in the later process while traced"
links | comm -13 "$tmp/before" - >"$tmp/ours"
[ -s "$tmp/ours" ] || fail "no uprobe_multi link seen"
kill -9 $dpid
timeout -s KILL 30 tail --pid=$dpid -f /dev/null
wait $dpid 2>/dev/null
dpid=
for ((i = 0; i < 20; i++)); do
	left=$(links | comm -12 "$tmp/ours" -)
	[ -z "$left" ] && break
	sleep 0.5
done
[ -z "$left" ] || fail "links left after dtrace: $left"
[ "$(sema)" = 0 ] || fail "semaphore $(sema) in the later process after dtrace"
exit 0
