#!/bin/bash
# A D script starting with #!dtrace -qs runs as an executable, with its
# operands as macro arguments.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/script.d" <<SEOF
#!$DTRACE -qs

BEGIN
{
	printf("%d %s\n", \$1 * 2, \$\$2);
	exit(0);
}
SEOF
chmod +x "$tmp/script.d"
"$tmp/script.d" 21 word >"$tmp/out" 2>"$tmp/err"
rc=$?
cat "$tmp/out" "$tmp/err"
[ $rc = 0 ] || exit 1
printf '42 word\n\n' | diff -u - "$tmp/out" || exit 1
[ -s "$tmp/err" ] && exit 1
exit 0
