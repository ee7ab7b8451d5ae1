#!/bin/bash
# A 20,000-key aggregation prints every key once, sorted (all values 1:
# ties by key), whether the consumer reads the map in batches or, as on
# kernels without batch lookups, key by key (DTRACE_DEBUG_NOBATCH=1).  Its
# keys come from 20,000 one-byte writes of dd, one key per write.
n=20000
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
run() {
	"$DTRACE" -x aggsize=8m -qn '
	syscall::write:entry /pid == $target && arg0 == 1/ { @[i++] = count(); @s = sum(1); }
	END { printa("%@d writes\n", @s); }' \
		-c "dd if=/dev/zero of=/dev/null bs=1 count=$n status=none"
}
run >"$tmp/batch" 2>"$tmp/err" || { cat "$tmp/err"; exit 1; }
DTRACE_DEBUG_NOBATCH=1 run >"$tmp/onebyone" 2>>"$tmp/err" || { cat "$tmp/err"; exit 1; }
{ echo "$n writes"; echo; awk -v n=$n 'BEGIN { for (i = 0; i < n; i++) printf(" %16d %16d\n", i, 1) }'; } >"$tmp/want"
cmp "$tmp/want" "$tmp/batch" || { echo "batch read differs:"; diff "$tmp/want" "$tmp/batch" | head; exit 1; }
cmp "$tmp/want" "$tmp/onebyone" || { echo "key-by-key read differs:"; diff "$tmp/want" "$tmp/onebyone" | head; exit 1; }
grep -q . "$tmp/err" && { echo "stderr:"; head "$tmp/err"; exit 1; }
# and the first run did read in batches (Linux 5.6+), the second did not
DTRACE_DEBUG=1 run 2>&1 >/dev/null | grep -q "@: $n keys read and merged in .* ms (batch)" ||
	{ echo "no batch read"; exit 1; }
DTRACE_DEBUG=1 DTRACE_DEBUG_NOBATCH=1 run 2>&1 >/dev/null |
	grep -q "@: $n keys read and merged in .* ms (key by key)" || { echo "no key-by-key read"; exit 1; }
exit 0
