#!/bin/bash
# A glob enabling (usdtlib*:::tick) applies to a library with the
# provider that a process dlopen()s while dtrace runs, long after its
# start: in a process running before dtrace started, and in one started
# after it (past the rescans at 0.1 s and 1.1 s after an exec).  The
# watch on the dynamic linker's _dl_debug_state names the process, its
# new objects are read and their probes made: firings with probeprov
# usdtlib and its pid, probemod the library's name.  A process running a
# copy of the library from the start makes the glob match at start.
. "$TESTDIR/usdt/common.bash"
# build_lib DIR: the library in $tmp/DIR
build_lib() {
	mkdir -p "$tmp/$1"
	cc -O2 -fPIC -shared -DUSDT_LIB -o "$tmp/$1/libusdtlib.so" "$TESTDIR/progs/usdt_lib.c" ||
	    fail "cannot build the library"
}
build_lib one
build_lib two
build_lib three
cc -O2 -o "$tmp/one/prog" "$TESTDIR/progs/usdt_lib.c" -L"$tmp/one" -lusdtlib \
    -Wl,-rpath,"$tmp/one" || fail "cannot build usdt_lib"
cc -O2 -DUSDT_DLOPEN -o "$tmp/dlopen" "$TESTDIR/progs/usdt_lib.c" || fail "cannot build usdt_dlopen"
start_waiting "$tmp/one/prog" 0 200
apid=$wpid
"$tmp/dlopen" "$tmp/two/libusdtlib.so" 10 >"$tmp/early.out" 2>&1 &
epid=$!
trap 'kill $apid $epid $lpid 2>/dev/null; [ -n "$dpid" ] && kill $dpid 2>/dev/null; wait 2>/dev/null; rm -rf "$tmp"' EXIT
for ((i = 0; i < 100; i++)); do
	grep -q ready "$tmp/early.out" && break
	sleep 0.05
done
dtrace_start 'usdtlib*:::tick { printf("%s %s %d\n", probeprov, probemod, pid); }'
"$tmp/dlopen" "$tmp/three/libusdtlib.so" 10 >"$tmp/later.out" 2>&1 &
lpid=$!
sleep 2		# past the rescans of a new process
# opens PID OUT: PID dlopen()s its library now
opens() {
	kill -USR1 $1
	for ((i = 0; i < 100; i++)); do
		grep -q opened "$2" && return 0
		sleep 0.05
	done
	fail "process $1 did not open its library: $(cat "$2")"
}
# waitfor LINE: until dtrace's output has LINE (60 s)
waitfor() {
	for ((i = 0; i < 600; i++)); do
		grep -qx "$1" "$tmp/out" && return 0
		kill -0 $dpid 2>/dev/null || fail "dtrace exited: $(cat "$tmp/err")"
		sleep 0.1
	done
	return 1
}
waitfor "usdtlib$apid libusdtlib.so $apid" || fail "the process found at start not traced"
opens $epid "$tmp/early.out"
waitfor "usdtlib$epid libusdtlib.so $epid" ||
    fail "a library dlopen()ed by a process running before dtrace not traced"
opens $lpid "$tmp/later.out"
waitfor "usdtlib$lpid libusdtlib.so $lpid" ||
    fail "a library dlopen()ed 2 s after its start by a later process not traced"
dtrace_gone INT
wait $dpid || fail "dtrace failed: $(cat "$tmp/err")"
dpid=
exit 0
