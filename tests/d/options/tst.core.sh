#!/bin/bash
# -x core: dtrace says "libdtrace DEBUG: [ forcing coredump ]" as it
# exits, and dumps core (SIGABRT), its core size limit lifted.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
(ulimit -c 0; "$DTRACE" -x core -qn 'BEGIN { printf("traced\n"); exit(0); }') >out 2>err
rc=$?
fail=0
[ $rc = 134 ] || { echo "exit status $rc, expected 134 (SIGABRT)"; fail=1; }
printf 'traced\n\n' | diff -u - out || fail=1
grep -q '^libdtrace DEBUG: \[ forcing coredump \]$' err || { echo "stderr: $(cat err)"; fail=1; }
"$DTRACE" -x core=1 -qn 'BEGIN { exit(0); }' >out 2>err
[ "$(cat err)" = "dtrace: failed to set -x core: Invalid value for specified option" ] ||
    { echo "core=1: $(cat err)"; fail=1; }
exit $fail
