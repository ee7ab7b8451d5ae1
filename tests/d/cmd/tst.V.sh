#!/bin/bash
# -V reports the D language version and exits 0.
out=$("$DTRACE" -V 2>&1)
rc=$?
echo "$out"
[ $rc = 0 ] || exit 1
echo "$out" | grep -Eq '^dtrace: Sun D [0-9]+\.[0-9]+' || exit 1
exit 0
