#!/bin/bash
# -c runs a command: $target is its pid, tracing starts before it runs,
# and dtrace exits (firing END, status 0) once the command has exited,
# without a notice in quiet mode.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
printf 'echo "child $$"\nsleep 0.3\n' >"$tmp/child.sh"
"$DTRACE" -q -n 'BEGIN { printf("target %d\n", $target); }
    END { printf("end %d\n", $target); }' -c "/bin/sh $tmp/child.sh" >"$tmp/out" 2>"$tmp/err"
rc=$?
cat "$tmp/out" "$tmp/err"
[ $rc = 0 ] || { echo "exit status $rc"; exit 1; }
child=$(awk '$1 == "child" { print $2 }' "$tmp/out")
target=$(awk '$1 == "target" { print $2 }' "$tmp/out")
end=$(awk '$1 == "end" { print $2 }' "$tmp/out")
[ -n "$child" ] && [ "$child" = "$target" ] && [ "$child" = "$end" ] || exit 1
# quiet mode suppresses the "pid N has exited" notice
[ -s "$tmp/err" ] && { echo "stderr not empty"; exit 1; }
exit 0
