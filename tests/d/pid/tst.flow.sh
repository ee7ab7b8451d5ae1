#!/bin/bash
# -F indents entry and return of pid probes (-> and <-), in call order.
. "$TESTDIR/pid/common.bash"
build_pid p
$DTRACE -F -n 'pid$target:a.out:pid_*:entry, pid$target:a.out:pid_*:return {}' \
    -c "$tmp/p 1" >"$tmp/out" 2>"$tmp/err" || fail "dtrace failed"
got=$(awk '$2 == "->" || $2 == "<-" { printf "%s%s ", $2, $3 }' "$tmp/out")
want="->pid_first <-pid_first ->pid_add <-pid_add ->pid_eight <-pid_eight ->pid_sign <-pid_sign ->pid_sign <-pid_sign ->pid_lib <-pid_lib ->pid_narrow <-pid_narrow "
[ "$got" = "$want" ] || fail "flow: $got"
exit 0
