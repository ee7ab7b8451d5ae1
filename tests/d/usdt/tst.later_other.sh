#!/bin/bash
# A glob enabling (usdtprog*:::work) applies to a process started after
# dtrace that runs ANOTHER object with the provider (the program built a
# second time, at another path, at -O0: other argument specs): dtrace
# notices its exec, finds the object's notes and makes its probes,
# enabled as the first process's were.  Its firings have a probe ID of
# their own, probeprov usdtprog and its pid, probemod its file's name,
# its arguments (arg0 the iteration, arg1 how many found the probe
# enabled: 1 .. arg0 + 1); its semaphore is raised while traced.  A
# third process running the first one's object gets a probe ID of its
# own too.  After dtrace is killed with -9 no uprobe link is left and the
# semaphore is back to 0.
. "$TESTDIR/usdt/common.bash"
command -v bpftool >/dev/null || { echo "no bpftool"; exit 1; }
build_usdt a -O2
build_usdt b -O0
start_waiting "$tmp/a" 0 200
apid=$wpid
trap 'kill $apid $bpid $a2pid 2>/dev/null; [ -n "$dpid" ] && kill -9 $dpid 2>/dev/null; wait 2>/dev/null; rm -rf "$tmp"' EXIT
links() {	# the ids of the uprobe_multi links, sorted
	timeout -s KILL 20 bpftool link show | sed -n 's/^\([0-9]*\): type 12 .*/\1/p' |
	    sed -n 's/^\([0-9]*\): uprobe_multi .*/\1/p;/^[0-9]*$/p' | sort
}
links >"$tmp/before"
"$DTRACE" -qn 'usdtprog*:::work { printf("%d %s %s %d %d %d\n", id, probeprov, probemod, pid, arg0, arg1); }' \
    -n 'BEGIN { printf("ready\n"); }' -o "$tmp/out" 2>"$tmp/err" &
dpid=$!
# has "$tmp/out" a line "ID $1 ARG0 ARG1" (with ARG0 > 0, if $2 is set:
# the arguments a firing of the probe has)?  Its ID in $id (no exec:
# read by the shell)
has() {
	local p m d a0 a1
	while read -r id p m d a0 a1; do
		[ "$p $m $d" = "$1" ] || continue
		[ -z "$2" ] && return 0
		[ "$a0" -gt 0 ] 2>/dev/null && [ "$a1" -ge 1 ] && [ "$a1" -le $((a0 + 1)) ] && return 0
	done <"$tmp/out"
	return 1
}
for ((i = 0; i < 600; i++)); do
	[ -f "$tmp/out" ] && read -r l <"$tmp/out" && [ "$l" = ready ] && break
	kill -0 $dpid 2>/dev/null || fail "dtrace exited"
	sleep 0.1
done
[ "$l" = ready ] || fail "dtrace did not start"
"$tmp/b" 0 10 >"$tmp/b.out" 2>&1 &
bpid=$!
for ((i = 0; i < 300; i++)); do
	has "usdtprog$bpid b $bpid" args && break
	kill -0 $dpid 2>/dev/null || fail "dtrace exited"
	sleep 0.1
done
has "usdtprog$bpid b $bpid" || fail "the later process (other object) not traced in 30 s: $(sort -u -k2,4 "$tmp/out" | head -5)"
has "usdtprog$bpid b $bpid" args || fail "the later process's arguments are wrong"
bid=$id
has "usdtprog$apid a $apid" || fail "the first process not traced"
[ "$bid" != "$id" ] || fail "the later process's firings have the first one's probe ID $id"
aid=$id
# a later process running the first one's object: its firings go through
# that object's probe (ID $aid) until its own probes are loaded, then
# have their own ID
"$tmp/a" 0 10 >"$tmp/a2.out" 2>&1 &
a2pid=$!
own() {
	local id p m d a0 a1
	while read -r id p m d a0 a1; do
		[ "$p $m $d" = "usdtprog$a2pid a $a2pid" ] && [ "$id" != $aid ] && [ "$id" != $bid ] &&
		    return 0
	done <"$tmp/out"
	return 1
}
for ((i = 0; i < 300; i++)); do
	own && break
	kill -0 $dpid 2>/dev/null || fail "dtrace exited"
	sleep 0.1
done
own || fail "a later process running a known object has no probe ID of its own in 30 s: $(grep -c " $a2pid " "$tmp/out") firings, ids $(awk -v p=$a2pid '$4 == p { print $1 }' "$tmp/out" | sort -u | tr '\n' ' ')"
kill $a2pid
wait $a2pid 2>/dev/null
addr=$(sed -n 's/^ready sema=//p' "$tmp/b.out")
sema() {
	/usr/bin/python3 -c 'import sys
with open("/proc/%s/mem" % sys.argv[1], "rb") as f:
    f.seek(int(sys.argv[2], 16)); print(int.from_bytes(f.read(2), "little"))' $bpid "$addr"
}
[ "$(sema)" = 1 ] || fail "semaphore $(sema) in the later process while traced"
links | comm -13 "$tmp/before" - >"$tmp/ours"
[ -s "$tmp/ours" ] || fail "no uprobe_multi link seen"
dtrace_gone KILL
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
