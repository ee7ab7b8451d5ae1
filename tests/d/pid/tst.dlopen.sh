#!/bin/bash
# A pid description applies to a library the process dlopen()s while
# traced, as in DTrace, where -Z lets a description name a library that
# is not loaded yet (a plugin).  The watch on the dynamic linker's
# _dl_debug_state, linked for the process alone, names it after the
# dlopen; each description naming it is walked over its new objects and
# the probes made get their clauses, in program order, with their
# predicates.  The firings in the millisecond or two before the consumer reads the
# watch are lost (the process is not held).  Without -Z the description
# matches nothing at start and is dtrace's error.
. "$TESTDIR/pid/common.bash"
mkdir -p "$tmp/lib"
cc -O2 -fPIC -shared -DUSDT_LIB -o "$tmp/lib/libusdtlib.so" "$TESTDIR/progs/usdt_lib.c" ||
    fail "cannot build the library"
cc -O2 -DUSDT_DLOPEN -o "$tmp/dlopen" "$TESTDIR/progs/usdt_lib.c" || fail "cannot build usdt_dlopen"
trap 'kill $wpid $dpid 2>/dev/null; wait 2>/dev/null; rm -rf "$tmp"' EXIT

# (1) -c: the command opens the library 300 ms after its start; entry
# and return of its function
timeout -s INT 60 "$DTRACE" -Z -qn 'pid$target:libusdtlib.so:lib_tick:entry {
	printf("%s %d %s %s %s\n", probeprov, pid, probemod, probefunc, probename); }' \
    -n 'pid$target:libusdtlib.so:lib_tick:return { printf("%s\n", probename); exit(0); }' \
    -c "$tmp/dlopen $tmp/lib/libusdtlib.so 10 300" >"$tmp/out" 2>"$tmp/err" ||
    fail "dtrace -Z -c failed"
awk '$1 == "pid" $2 && $3 == "libusdtlib.so" && $4 == "lib_tick" && $5 == "entry" { e++; next }
     $1 == "return" && e == 1 { r++ }
     END { exit !(e == 1 && r == 1) }' "$tmp/out" ||
    fail "-c: not an entry of pid<pid>:libusdtlib.so:lib_tick then its return"

# (2) without -Z: the description matches nothing when tracing starts
timeout -s INT 60 "$DTRACE" -qn 'pid$target:libusdtlib.so:lib_tick:entry { exit(0); }' \
    -c "$tmp/dlopen $tmp/lib/libusdtlib.so 10 300" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 1 ] || fail "without -Z: exit status $rc, expected 1"
grep -q '^dtrace: invalid probe specifier .*: probe description pid[0-9]*:libusdtlib.so:lib_tick:entry does not match any probes$' "$tmp/err" ||
    fail "without -Z: not dtrace's error"

# (3) -p: a running process, signalled to dlopen; a glob over the
# library's functions, and a second description of the same probe with
# a predicate (pid/common.bash in_order)
in_order "A lib_tick" -n 'pid$target:libusdt*::entry { printf("A %s %d\n", probefunc, arg0); }' \
    -n 'pid$target::lib_tick:entry /arg0 % 2 == 0/ { printf("B %d\n", arg0); }' \
    -n 'pid$target:libusdtlib.so:lib_tick:entry /arg0 >= 20/ { exit(0); }'
exit 0
