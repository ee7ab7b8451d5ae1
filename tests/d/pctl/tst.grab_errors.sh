#!/bin/bash
# -p of a process that cannot be grabbed is DTrace's one line and exit 1:
# no such process, a zombie, a kernel thread, dtrace itself, a process
# another tracer has (a dtrace holding it for its user stacks); without
# privileges nothing is grabbed; a pid that is not a number is "invalid pid".
. "$TESTDIR/pctl/common.bash"
build_pctl
fail() { echo "$1"; cat "$tmp/err"; exit 1; }
check() {	# expected-message dtrace-args...
	local want=$1
	shift
	"$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	[ $rc = 1 ] && [ "$(cat "$tmp/err")" = "dtrace: $want" ] && return 0
	fail "exit $rc, expected 1 and '$want':"
}
P='syscall::getppid:entry /pid == $target/ { @[ustack()] = count(); }'
# a pid no process has: past pid_max
check "failed to grab pid 99999999: no such process" "$DTRACE" -qn "$P" -p 99999999
check "invalid pid: 12x" "$DTRACE" -qn "$P" -p 12x
check "failed to grab pid 2: system process" "$DTRACE" -qn "$P" -p 2
bash -c 'exec "$DTRACE" -qn "BEGIN { exit(0); }" -p $$' >"$tmp/out" 2>"$tmp/err"
[ $? = 1 ] && grep -qx "dtrace: failed to grab pid [0-9]*: attempt to grab self" "$tmp/err" ||
	fail "self"
# a zombie: the child of a process that does not wait for it
# (the child outlives bash's exec, so bash cannot reap it first)
bash -c 'sleep 0.5 & echo $! >"$1"; exec sleep 60' sh "$tmp/zpid" &
zparent=$!
for ((i = 0; i < 50; i++)); do
	# (builtins: an exec can take most of a second where executables
	# are paged out)
	z=
	[ -f "$tmp/zpid" ] && z=$(<"$tmp/zpid")
	st=
	[ -n "$z" ] && read -r _ _ st _ </proc/$z/stat 2>/dev/null
	[ "$st" = Z ] && break
	sleep 0.1
done
check "failed to grab pid $z: zombie process" "$DTRACE" -qn "$P" -p "$z"
kill $zparent
# traced by another dtrace, which holds it for its user stacks
"$tmp/pctl_prog" loop 6000 >/dev/null &	# (killed at the end)
tp=$!
"$DTRACE" -qn "$P"' BEGIN { printf("ready\n"); }' -p $tp >"$tmp/first" 2>&1 &
dp=$!
for ((i = 0; i < 100; i++)); do
	[ -f "$tmp/first" ] && [[ $(<"$tmp/first") == *ready* ]] && break
	sleep 0.1
done
check "failed to grab pid $tp: process is traced" "$DTRACE" -qn "$P" -p $tp
kill -INT $dp
wait $dp || { cat "$tmp/first"; fail "the first dtrace failed"; }
# an unprivileged dtrace (where that user can run this dtrace at all:
# not from a private build tree) says so before it grabs anything, as
# dtrace does (cmd/tst.noprivs.sh has the other paths)
NOBODY="setpriv --reuid=65534 --regid=65534 --clear-groups"
if $NOBODY "$DTRACE" -V >/dev/null 2>&1; then
	check "failed to initialize dtrace: DTrace requires additional privileges" \
	    $NOBODY "$DTRACE" -qn "$P" -p $tp
else
	echo "user 65534 cannot run $DTRACE: permission case not run"
fi
kill $tp
exit 0
