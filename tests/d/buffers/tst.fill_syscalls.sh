#!/bin/bash
# The guide's fill example: every system call entry into a per-CPU 2k
# buffer.  dtrace stops by itself when a buffer fills and prints what it
# kept: each 16-byte record of trace(timestamp) in a 2k buffer, so the
# CPU that filled has exactly 128 records and no CPU has more, each CPU's
# records come together and in time order.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
timeout 60 "$DTRACE" -x bufpolicy=fill -b 2k -n 'syscall:::entry { trace(timestamp); }' \
    >"$tmp/out" 2>"$tmp/err"
rc=$?
echo "exit status $rc; stderr:"
cat "$tmp/err"
[ $rc = 0 ] || exit 1
grep -qE "^dtrace: description 'syscall:::entry ' matched [0-9]+ probes$" "$tmp/err" &&
    [ "$(wc -l <"$tmp/err")" = 1 ] || exit 1
[ "$(sed -n 1p "$tmp/out")" = "CPU     ID                    FUNCTION:NAME" ] || exit 1
[ -z "$(tail -n 1 "$tmp/out")" ] || exit 1
sed '1d;$d' "$tmp/out" | awk '
	NF != 4 || $3 !~ /:entry$/ { print "bad line: " $0; bad = 1; exit }
	{
		if ($1 != cpu) {
			if ($1 in seen) { print "CPU " $1 " twice"; bad = 1; exit }
			seen[$1] = 1; cpu = $1; last = 0
		}
		if ($4 + 0 <= last) { print "time goes back: " $0; bad = 1; exit }
		last = $4 + 0; n[$1]++
	}
	END {
		if (bad) exit 1
		for (c in n) { if (n[c] > 128) { print "CPU " c ": " n[c]; exit 1 } if (n[c] == 128) full = 1 }
		if (!full) { print "no CPU filled"; exit 1 }
		for (c in n) printf("CPU %s: %d records\n", c, n[c])
	}' || exit 1
exit 0
