#!/bin/bash
# -x oformat=openmetrics: a ustack() key's label value is the process id,
# then the frames, innermost first, all joined by ';' (one stack in two
# processes is two series, never one label set twice); promtool accepts
# the exposition.
. "$TESTDIR/ustack/common.bash"
build_chain chain
fail() { echo "$1"; cat "$tmp/out"; exit 1; }
command -v promtool >/dev/null || fail "promtool is not installed (scripts/setup.sh installs prometheus)"
P='syscall::getppid:entry /pid == $target/ { @calls[ustack(3)] = count(); }'
"$DTRACE" -x oformat=openmetrics -qn "$P" -c "$tmp/chain 2" >"$tmp/out" 2>"$tmp/err" || { cat "$tmp/err"; exit 1; }
grep -q '^dtrace_calls_total{key0="[0-9][0-9]*;chain`c+0x[0-9a-f]*;chain`b+0x[0-9a-f]*;chain`a+0x[0-9a-f]*"} 2$' "$tmp/out" ||
	fail "ustack label"
promtool check metrics <"$tmp/out" >"$tmp/pt" 2>&1 || { cat "$tmp/pt"; fail "promtool"; }
exit 0
