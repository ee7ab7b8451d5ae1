#!/bin/bash
# -e needs no privileges where the probes resolve without them (BEGIN,
# END, tick): run as nobody it generates and checks everything, exits 0
# with no output on a good script and refuses a bad one as root's -e
# does.  And -e makes no bpf() call at all: no map, no program (checked
# with strace where it is installed).
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
command -v setpriv >/dev/null || { echo "setpriv not installed: skipped"; exit 0; }
# the binary, its library and D libraries where nobody can read them
top=$(cd "$(dirname "$DTRACE")" && pwd)
mkdir "$tmp/build"
cp -r "$top/dtrace" "$top"/libdtrace.so* "$top/dlib" "$tmp/build/"
chmod -R a+rX "$tmp"
as_nobody() {
	LD_LIBRARY_PATH="$tmp/build" setpriv --reuid=nobody --regid=nogroup --clear-groups \
	    "$tmp/build/dtrace" "$@"
}
good='BEGIN { self->x = 1; @c[execname] = count(); printf("%s %d\n", execname, self->x); }
tick-1s { @q = quantize(timestamp); a[1] = strjoin("a", "b"); }
END { printa(@c); }'
prog='BEGIN {'
for i in $(seq 50); do prog="$prog @a$i = lquantize(1, 0, $((10 * i)), 10);"; done
bad="$prog exit(0); }"

as_nobody -e -n "$good" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] && [ ! -s "$tmp/out" ] && [ ! -s "$tmp/err" ] ||
    { echo "nobody, good: exit status $rc: $(cat "$tmp/out" "$tmp/err")"; fail=1; }
as_nobody -e -n "$bad" >"$tmp/out" 2>"$tmp/err"
rc=$?
"$DTRACE" -e -n "$bad" >"$tmp/root.out" 2>"$tmp/root.err"
rrc=$?
[ $rc = 1 ] && [ $rrc = 1 ] || { echo "nobody, bad: exit status $rc (root's $rrc)"; fail=1; }
diff -u "$tmp/root.err" "$tmp/err" || { echo "nobody, bad: stderr differs from root's"; fail=1; }
grep -q '^dtrace: could not enable tracing: failed to load program for dtrace:::BEGIN: .*64' \
    "$tmp/err" || { echo "nobody, bad: $(cat "$tmp/err")"; fail=1; }

if command -v strace >/dev/null; then
	# LeakSanitizer cannot run under ptrace (make asan): leaks are off there
	ASAN_OPTIONS="${ASAN_OPTIONS:-}:detect_leaks=0" \
	strace -f -e trace=bpf,perf_event_open -o "$tmp/trace" "$DTRACE" -e -n "$good" \
	    -n 'syscall::read:entry { trace(copyinstr(arg1)); }' >"$tmp/out" 2>"$tmp/err" ||
	    { echo "strace: $(cat "$tmp/err")"; fail=1; }
	grep -E 'bpf\(|perf_event_open\(' "$tmp/trace" && { echo "-e called the kernel's BPF"; fail=1; }
fi
exit $fail
