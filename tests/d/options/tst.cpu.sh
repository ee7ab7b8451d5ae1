#!/bin/bash
# -x cpu=N traces on CPU N only: the same workload run on CPU 0 and on
# CPU 1 is seen on CPU 1 alone; without the option on both.  A CPU that is
# not online makes enabling fail.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$TESTDIR/progs/build.bash"
build_prog sysload
[ "$(nproc)" -ge 2 ] || { echo "needs 2 CPUs"; exit 1; }
prog='syscall::getppid:entry /execname == "sysload"/ { @[cpu] = count(); }'
printf 'taskset -c 0 %s 5\ntaskset -c 1 %s 7\n' "$tmp/sysload" "$tmp/sysload" >"$tmp/work.sh"
work="sh $tmp/work.sh"
fail=0
"$DTRACE" -x cpu=1 -qn "$prog" -c "$work" >"$tmp/out" 2>"$tmp/err" ||
    { echo "cpu=1: exit status $?"; cat "$tmp/err"; fail=1; }
printf '\n        1                7\n' | diff -u - "$tmp/out" || fail=1
"$DTRACE" -qn "$prog" -c "$work" >"$tmp/out" 2>"$tmp/err" ||
    { echo "no cpu: exit status $?"; cat "$tmp/err"; fail=1; }
printf '\n        0                5\n        1                7\n' | diff -u - "$tmp/out" || fail=1
"$DTRACE" -x cpu=4095 -qn 'BEGIN { exit(0); }' >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 1 ] || { echo "cpu=4095: exit status $rc"; fail=1; }
[ "$(cat "$tmp/err")" = "dtrace: could not enable tracing: Invalid argument" ] ||
    { echo "cpu=4095: $(cat "$tmp/err")"; fail=1; }
exit $fail
