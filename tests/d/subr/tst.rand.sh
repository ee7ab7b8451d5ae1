#!/bin/bash
# rand() gives int values that vary from call to call.
out=$("$DTRACE" -qn 'BEGIN { printf("%d %d %d %d\n", rand(), rand(), rand(), rand()); exit(0); }') || exit 1
set -- $out
[ $# = 4 ] || { echo "unexpected output: $out"; exit 1; }
for v in "$@"; do
	[ "$v" -ge -2147483648 ] && [ "$v" -le 2147483647 ] || { echo "not an int: $v"; exit 1; }
done
[ "$1" != "$2" ] || [ "$2" != "$3" ] || [ "$3" != "$4" ] || { echo "rand() did not vary: $out"; exit 1; }
exit 0
