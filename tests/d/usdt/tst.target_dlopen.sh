#!/bin/bash
# A description naming one process (usdtlib$target, usdtlib$1) applies to
# the probes of a library that process dlopen()s while traced, as in
# DTrace, where -Z is how one traces a provider that is not loaded yet
# (a JVM's hotspot probes: the launcher dlopen()s libjvm.so).  The watch
# on the dynamic linker's _dl_debug_state, linked for that process alone,
# names it after the dlopen; each note site the descriptions match
# becomes a probe of the process with their clauses, in program order
# and with their predicates.  The firings in the millisecond or two before the
# consumer reads the watch are lost (the process is not held): the
# first firing seen may have arg0 above 0.  Without -Z the description
# matches nothing at start and is dtrace's error.  A -c command that
# execs a program with the provider in its executable gets its probes
# when the new image's dynamic linker has mapped its objects.
. "$TESTDIR/usdt/common.bash"
mkdir -p "$tmp/lib"
cc -O2 -fPIC -shared -DUSDT_LIB -o "$tmp/lib/libusdtlib.so" "$TESTDIR/progs/usdt_lib.c" ||
    fail "cannot build the library"
cc -O2 -DUSDT_DLOPEN -o "$tmp/dlopen" "$TESTDIR/progs/usdt_lib.c" || fail "cannot build usdt_dlopen"
trap 'kill $wpid $dpid 2>/dev/null; wait 2>/dev/null; rm -rf "$tmp"' EXIT

# (1) -c: the command opens the library 300 ms after its start
timeout -s INT 60 "$DTRACE" -Z -qn 'usdtlib$target:::tick {
	printf("%s %d %s %s %s\n", probeprov, pid, probemod, probefunc, probename); exit(0); }' \
    -c "$tmp/dlopen $tmp/lib/libusdtlib.so 10 300" >"$tmp/out" 2>"$tmp/err" ||
    fail "dtrace -Z -c failed"
awk '$1 == "usdtlib" $2 && $3 == "libusdtlib.so" && $4 == "lib_tick" && $5 == "tick" { ok++ }
     END { exit ok != 1 }' "$tmp/out" || fail "-c: not one firing of usdtlib<pid>:libusdtlib.so:lib_tick:tick"

# (2) without -Z: the description matches nothing when tracing starts
timeout -s INT 60 "$DTRACE" -qn 'usdtlib$target:::tick { exit(0); }' \
    -c "$tmp/dlopen $tmp/lib/libusdtlib.so 10 300" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 1 ] || fail "without -Z: exit status $rc, expected 1"
grep -q '^dtrace: invalid probe specifier .*: probe description usdtlib[0-9]*:::tick does not match any probes$' "$tmp/err" ||
    fail "without -Z: not dtrace's error"

# (2b) -c of a shell that execs a program with the provider in its
# executable: the new image's objects are read when its dynamic linker
# has mapped them (the exec check: probes of the image at that time)
# (dtrace -c splits its command at blanks, with no shell quoting)
build_usdt p -O2
printf '#!/bin/sh\nsleep 0.3\nexec %s 0 10\n' "$tmp/p" >"$tmp/run"
chmod +x "$tmp/run"
timeout -s INT 60 "$DTRACE" -Z -qn 'usdtprog$target:::args-three {
	printf("%s %d %s\n", probeprov, pid, execname); exit(0); }' \
    -c "$tmp/run" >"$tmp/out" 2>"$tmp/err" ||
    fail "dtrace -Z -c of an exec failed"
awk '$1 == "usdtprog" $2 && $3 == "p" { ok++ } END { exit ok != 1 }' "$tmp/out" ||
    fail "-c of an exec: not one firing of usdtprog<pid>:::args-three in p"

# (3) -p: a running process, signalled to dlopen; two clauses (the
# second through another description of the same probe, with a
# predicate) run in program order on each firing (pid/common.bash)
in_order A -n 'usdtlib$target:::tick { printf("A %d\n", arg0); }' \
    -n 'usdtlib$target:libusdtlib.so:lib_tick:tick /arg0 % 2 == 0/ { printf("B %d\n", arg0); }' \
    -n 'usdtlib$target:::tick /arg0 >= 20/ { exit(0); }'
exit 0
