#!/usr/bin/env bash
# The D library path: -L and -x libdir directories come before the
# default one (dlib/ of the source tree), a library there overrides a
# default library of the same name, depends_on orders loading, and a
# library whose dependency is missing is skipped (DTRACE_DEBUG says why).
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
check() {	# check NAME EXPECTED ACTUAL
	[ "$2" = "$3" ] || { echo "$1: expected [$2], got [$3]"; fail=1; }
}
mkdir "$tmp/a" "$tmp/b"
cat > "$tmp/a/one.d" <<'D'
#pragma D depends_on library two.d
inline int ONE = TWO - 1;
D
cat > "$tmp/b/two.d" <<'D'
inline int TWO = 2;
D
cat > "$tmp/b/needs.d" <<'D'
#pragma D depends_on library absent.d
inline int NEEDS = 3;
D
# a dependency found in another directory of the path
out=$("$DTRACE" -L "$tmp/a" -L "$tmp/b" -qn 'BEGIN { printf("%d %d\n", ONE, TWO); exit(0); }' 2>&1)
check "-L order" "1 2" "$out"
out=$("$DTRACE" -x libdir="$tmp/a" -x libdir="$tmp/b" -qn 'BEGIN { printf("%d\n", ONE); exit(0); }' 2>&1)
check "-x libdir" "1" "$out"
# the default library is still there ...
out=$("$DTRACE" -L "$tmp/b" -qn 'BEGIN { printf("%d\n", curpsinfo->pr_pid == pid); exit(0); }' 2>&1)
check "default dir" "1" "$out"
# ... unless a -L library of the same name replaces it
echo 'inline int curpsinfo = 7;' > "$tmp/a/psinfo.d"
echo 'inline int TWO = 2;' > "$tmp/a/two.d"
out=$("$DTRACE" -L "$tmp/a" -qn 'BEGIN { printf("%d\n", curpsinfo); exit(0); }' 2>&1)
check "override" "7" "$out"
# a missing dependency skips the library, silently unless debugging
out=$("$DTRACE" -L "$tmp/b" -qn 'BEGIN { trace(NEEDS); }' 2>&1)
check "missing dependency" "dtrace: invalid probe specifier BEGIN { trace(NEEDS); }: in action list: failed to resolve NEEDS: Unknown variable name" "$out"
# (said when a program first asks for a name the library defines: a
# library is compiled only then)
out=$(DTRACE_DEBUG=1 "$DTRACE" -L "$tmp/b" -qn 'BEGIN { exit(0); }' 2>&1)
check "debug, unused" "" "$out"
out=$(DTRACE_DEBUG=1 "$DTRACE" -L "$tmp/b" -qn 'BEGIN { NEEDS; }' 2>&1)
check "debug" "libdtrace DEBUG: skipping library $tmp/b/needs.d: invalid probe specifier BEGIN { NEEDS; }: \"$tmp/b/needs.d\", line 1: failed to find dependency in libpath: absent.d
dtrace: invalid probe specifier BEGIN { NEEDS; }: in action list: failed to resolve NEEDS: Unknown variable name" "$out"
# a directory that does not exist is no error
out=$("$DTRACE" -L "$tmp/none" -qn 'BEGIN { printf("ok\n"); exit(0); }' 2>&1)
check "no dir" "ok" "$out"
# an error in a library fails every compile, at the library's line
printf 'inline int X = 1;\ninline int Y = ;\n' > "$tmp/b/bad.d"
out=$("$DTRACE" -L "$tmp/b" -qn 'BEGIN { }' 2>&1)
check "library error" "dtrace: invalid probe specifier BEGIN { }: \"$tmp/b/bad.d\", line 2: syntax error near \";\"" "$out"
# illumos' library name: depending on procfs.d gets psinfo.d's types
mkdir -p "$tmp/c"
printf '#pragma D depends_on library procfs.d\ninline int MYPID = curpsinfo->pr_pid;\n' >"$tmp/c/mine.d"
out=$("$DTRACE" -L "$tmp/c" -qn 'BEGIN { printf("%d\n", MYPID == pid); exit(0); }' 2>&1)
check "procfs.d" "1" "$out"
# -L needs its argument
"$DTRACE" -L 2>"$tmp/err"; rc=$?
check "-L usage" "2 dtrace: option requires an argument -- L" "$rc $(head -n 1 "$tmp/err")"
exit $fail
