#!/bin/bash
# A glob enabling (usdtlib*:::tick) applies to a process started after
# dtrace whose provider is in a shared library that no process had when
# dtrace started (a second copy of the library, in another directory):
# the library is found among the new process's mappings (read at its
# exec and again shortly after, once the dynamic linker has mapped it).
# Its firings have a probe ID of their own, probeprov usdtlib and its
# pid, probemod the library's name.
. "$TESTDIR/usdt/common.bash"
# build_lib DIR: the library in $tmp/DIR and the program $tmp/DIR/prog
# that runs on it
build_lib() {
	mkdir -p "$tmp/$1"
	cc -O2 -fPIC -shared -DUSDT_LIB -o "$tmp/$1/libusdtlib.so" "$TESTDIR/progs/usdt_lib.c" &&
	    cc -O2 -o "$tmp/$1/prog" "$TESTDIR/progs/usdt_lib.c" -L"$tmp/$1" -lusdtlib \
	    -Wl,-rpath,"$tmp/$1" || fail "cannot build usdt_lib"
}
build_lib one
build_lib two
start_waiting "$tmp/one/prog" 0 200
apid=$wpid
trap 'kill $apid $bpid 2>/dev/null; [ -n "$dpid" ] && kill $dpid 2>/dev/null; wait 2>/dev/null; rm -rf "$tmp"' EXIT
"$DTRACE" -qn 'usdtlib*:::tick { printf("%d %s %s %d\n", id, probeprov, probemod, pid); }' \
    -n 'BEGIN { printf("ready\n"); }' -o "$tmp/out" 2>"$tmp/err" &
dpid=$!
# has "$tmp/out" a line "ID $1"?  Its ID in $id (no exec: read by the shell)
has() {
	local l
	while read -r id l; do [ "$l" = "$1" ] && return 0; done <"$tmp/out"
	return 1
}
for ((i = 0; i < 600; i++)); do
	[ -f "$tmp/out" ] && read -r l <"$tmp/out" && [ "$l" = ready ] && break
	kill -0 $dpid 2>/dev/null || fail "dtrace exited"
	sleep 0.1
done
[ "$l" = ready ] || fail "dtrace did not start"
"$tmp/two/prog" 0 10 >"$tmp/two.out" 2>&1 &
bpid=$!
for ((i = 0; i < 300; i++)); do
	has "usdtlib$bpid libusdtlib.so $bpid" && break
	kill -0 $dpid 2>/dev/null || fail "dtrace exited"
	sleep 0.1
done
has "usdtlib$bpid libusdtlib.so $bpid" || fail "the later process's library not traced in 30 s: $(sort -u -k2,4 "$tmp/out" | head -5)"
bid=$id
has "usdtlib$apid libusdtlib.so $apid" || fail "the first process not traced"
[ "$bid" != "$id" ] || fail "the later process's firings have the first one's probe ID $id"
kill -INT $dpid
wait $dpid || fail "dtrace failed"
dpid=
exit 0
