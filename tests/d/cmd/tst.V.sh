#!/bin/bash
# -V reports the D language version in dtrace's form, then this program
# and its version (the VERSION file's), and exits 0.
out=$("$DTRACE" -V 2>&1)
rc=$?
echo "$out"
[ $rc = 0 ] || exit 1
[ "$out" = "dtrace: Sun D 1.13 (dtrace-ebpf $(cat "$TESTDIR/../../VERSION"))" ] || exit 1
exit 0
