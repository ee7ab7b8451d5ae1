#!/bin/bash
# raise(sig) sends the signal to the process that fired the probe: the
# target's SIGUSR1 handler runs and it says so (SIGUSR1 from signal.d).
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$TESTDIR/progs/build.bash"
build_prog destr
timeout 60 taskset -c 0 "$DTRACE" -wq -n '
syscall::getppid:entry
/pid == $target/
{
	raise(SIGUSR1);
}' -c "$tmp/destr signal" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] || { echo "exit status $rc"; cat "$tmp/err"; exit 1; }
printf 'got SIGUSR1\n\n' | diff -u - "$tmp/out" || exit 1
[ -s "$tmp/err" ] && { echo "unexpected stderr:"; cat "$tmp/err"; exit 1; }
exit 0
