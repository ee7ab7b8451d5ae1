#!/bin/bash
# A -n description longer than any fixed buffer (about 30 KB here) is
# compiled whole: the last of its 2,000 assignments is printed.
s=$(for ((i = 0; i < 2000; i++)); do printf 'x%d = %d; ' $i $i; done)
out=$("$DTRACE" -qn "BEGIN { $s printf(\"%d\\n\", x1999); exit(0); }" 2>&1) || { echo "$out"; exit 1; }
[ "$out" = 1999 ] || { echo "got: ${out:0:300}"; exit 1; }
