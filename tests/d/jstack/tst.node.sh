#!/bin/bash
# A Node.js function run by V8's JIT (node --perf-basic-prof writes
# /tmp/perf-PID.map) shows by name in jstack() and in ustack(), as
# aggregation keys, at the write(2) it makes; V8's JS frames keep frame
# pointers, so the walk goes on to the function's callers.  Node names
# the function "JS:*myJsFunction FILE:LINE:COL" (node 20; node 18:
# "LazyCompile:*myJsFunction FILE:LINE").
# -x ustackmode=fp: V8's code keeps frame pointers, and the kernel's walk
# aggregates in the map.  With DWARF unwinding the consumer folds each
# firing, and a slow one (make asan) drops the records of the early calls
# before V8 inlines myJsFunction into its caller, so the test would
# depend on the consumer's speed; tst.perfmap.sh covers JIT frames with
# DWARF unwinding.
command -v node >/dev/null || { echo "node is not installed (scripts/setup.sh installs nodejs)"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -f "/tmp/perf-$(cat "$tmp/pid" 2>/dev/null).map"; rm -rf "$tmp"' EXIT
cat >"$tmp/w.js" <<JS
const fs = require('fs');
fs.writeFileSync('$tmp/pid', String(process.pid));
const fd = fs.openSync('/dev/null', 'w');
function myJsFunction(i) { fs.writeSync(fd, 'x' + i); }
function outerJsFunction() { const end = Date.now() + 1000; let i = 0; while (Date.now() < end) myJsFunction(i++); }
outerJsFunction();
JS
cd "$tmp" || exit 1	# node --perf-basic-prof also writes isolate-*-v8.log here
$DTRACE -x ustackmode=fp -qn 'syscall::write:entry /pid == $target/ { @j[jstack()] = count(); @u[ustack()] = count(); }
    END { printf("jstack\n"); printa(@j); printf("ustack\n"); printa(@u); }' \
    -c "node --perf-basic-prof $tmp/w.js" >"$tmp/out" || exit 1
fn='^ \{14\}[A-Za-z]*:[*~^]\{0,1\}'
for s in jstack ustack; do
	sed -n "/^$s\$/,/^[jsu]*stack\$/p" "$tmp/out" >"$tmp/$s"
	grep -q "${fn}myJsFunction " "$tmp/$s" || { echo "$s: no myJsFunction"; cat "$tmp/out"; exit 1; }
	# a JS frame's caller, through the frame pointers of JIT code
	grep -A3 "${fn}myJsFunction " "$tmp/$s" | grep -q "${fn}outerJsFunction " ||
		{ echo "$s: no outerJsFunction"; cat "$tmp/out"; exit 1; }
done
exit 0
