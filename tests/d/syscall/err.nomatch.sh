#!/bin/bash
# A syscall or sdt probe description that matches no probe is a compile
# error (exit status 1, nothing enabled), also when it is one of several
# descriptions of a clause; -Z lets it match nothing while the rest runs.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$TESTDIR/progs/build.bash"
build_prog sysload
fail=0
check() {	# expected-message dtrace-args...
	local want=$1; shift
	(cd "$tmp" && "$DTRACE" "$@") >"$tmp/out" 2>"$tmp/err"
	local rc=$?
	if [ $rc != 1 ]; then echo "$*: exit status $rc, expected 1"; fail=1; fi
	if [ -s "$tmp/out" ]; then echo "$*: unexpected stdout"; fail=1; fi
	if [ "$(cat "$tmp/err")" != "$want" ]; then
		echo "$*:"; echo "  expected: $want"; echo "  got:      $(cat "$tmp/err")"
		fail=1
	fi
}
check 'dtrace: invalid probe specifier syscall::nosuch:entry: probe description syscall::nosuch:entry does not match any probes' \
    -n 'syscall::nosuch:entry'
check 'dtrace: invalid probe specifier syscall::nosuch:entry { trace(1); }: probe description syscall::nosuch:entry does not match any probes' \
    -n 'syscall::nosuch:entry { trace(1); }'
check 'dtrace: invalid probe specifier syscall::getppid:nosuch: probe description syscall::getppid:nosuch does not match any probes' \
    -n 'syscall::getppid:nosuch'
check 'dtrace: invalid probe specifier syscall::nosuch*:entry: probe description syscall::nosuch*:entry does not match any probes' \
    -n 'syscall::nosuch*:entry'
check 'dtrace: invalid probe specifier sdt:nosuchgroup::: probe description sdt:nosuchgroup:: does not match any probes' \
    -n 'sdt:nosuchgroup::'
check 'dtrace: invalid probe specifier sdt:sched::nosuch: probe description sdt:sched::nosuch does not match any probes' \
    -n 'sdt:sched::nosuch'
check 'dtrace: invalid probe specifier syscall::getppid:entry, syscall::nosuch:entry { trace(1); }: probe description syscall::nosuch:entry does not match any probes' \
    -n 'syscall::getppid:entry, syscall::nosuch:entry { trace(1); }'
printf '#pragma D option quiet\n\nsyscall::getppid:entry, syscall::nosuch:entry { }\n' >"$tmp/n.d"
check 'dtrace: failed to compile script n.d: line 3: probe description syscall::nosuch:entry does not match any probes' \
    -s n.d

# -Z: the description matching nothing is reported as matching 0 probes
taskset -c 0 "$DTRACE" -Z -n 'syscall::nosuch:entry { printf("no\n"); }' \
    -n 'syscall::getppid:entry /pid == $target/ { printf("yes\n"); }' \
    -c "$tmp/sysload 2" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] || { echo "-Z: exit status $rc"; fail=1; }
head -n 2 "$tmp/err" >"$tmp/err2"
cat >"$tmp/want" <<'WEOF'
dtrace: description 'syscall::nosuch:entry ' matched 0 probes
dtrace: description 'syscall::getppid:entry ' matched 1 probe
WEOF
diff -u "$tmp/want" "$tmp/err2" || fail=1
[ "$(grep -c ' getppid:entry yes$' "$tmp/out")" = 2 ] || { echo "-Z stdout:"; cat "$tmp/out"; fail=1; }
grep -q 'no$' "$tmp/out" && { echo "-Z: nosuch fired"; fail=1; }

# -Z with the two descriptions in one clause
taskset -c 0 "$DTRACE" -Z -q -n 'syscall::nosuch:entry, syscall::getppid:entry /pid == $target/ { printf("%s\n", probefunc); }' \
    -c "$tmp/sysload 2" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] || { echo "-Z one clause: exit status $rc"; cat "$tmp/err"; fail=1; }
printf 'getppid\ngetppid\n\n' | diff -u - "$tmp/out" || fail=1
exit $fail
