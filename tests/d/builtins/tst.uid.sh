#!/bin/bash
# uid and gid are the real ids of the process the probe fired in; the
# tests run as root, and execname for BEGIN is "dtrace".
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
got=$("$DTRACE" -qn 'BEGIN { printf("%d %d %s\n", uid, gid, execname); exit(0); }' 2>"$tmp/err") ||
    { echo "dtrace failed: $(cat "$tmp/err")"; exit 1; }
got=$(echo "$got" | head -n 1)
want="$(id -u) $(id -g) dtrace"
[ "$got" = "$want" ] || { echo "expected '$want', got '$got'"; exit 1; }
exit 0
