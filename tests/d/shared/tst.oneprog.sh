#!/bin/bash
# Enabling a whole group of tracepoints with one clause loads one
# program for all of them (rawtp, and sdt's argument-less raw tracepoint
# programs): the -c command, started once everything is attached, counts
# the BPF programs dtrace (its parent) holds: BEGIN's, END's and one more,
# against one per probe with DTRACE_NOSHARE=1.  -S lists that program
# once, titled by its first probe "+N more", reading the attach cookie
# and the probe-name map.  A clause reading arguments beyond some
# tracepoints' prototypes splits them by how many they have.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/count.sh" <<'CEOF'
#!/bin/sh
# the distinct BPF programs of process $PPID, into $1
grep -h '^prog_id:' /proc/$PPID/fdinfo/* 2>/dev/null | sort -u | wc -l >"$1"
CEOF
chmod +x "$tmp/count.sh"
for prov in rawtp sdt; do
	n=$("$DTRACE" -l -n "$prov:sched::" | tail -n +2 | wc -l)
	[ "$n" -gt 10 ] || { echo "$prov:sched:: has $n probes"; exit 1; }
	for mode in 0 1; do
		DTRACE_NOSHARE=$mode "$DTRACE" -q -n "$prov:sched:: { @[probename] = count(); }" \
		    -c "$tmp/count.sh $tmp/n$mode" >/dev/null 2>"$tmp/err" ||
		    { echo "$prov, noshare $mode:"; cat "$tmp/err"; exit 1; }
	done
	[ "$(cat "$tmp/n0")" = 3 ] || { echo "$prov: $(cat "$tmp/n0") programs shared, not 3"; exit 1; }
	[ "$(cat "$tmp/n1")" = $((n + 2)) ] ||
	    { echo "$prov: $(cat "$tmp/n1") programs unshared, not $((n + 2))"; exit 1; }
done

n=$("$DTRACE" -l -n 'rawtp:sched::' | tail -n +2 | wc -l)
first=$("$DTRACE" -l -n 'rawtp:sched::' | awk 'NR == 2 { print $NF }')
"$DTRACE" -S -n 'rawtp:sched:: { @[probename] = count(); } BEGIN { exit(0); }' \
    >/dev/null 2>"$tmp/dis"
grep '^Disassembly of rawtp' "$tmp/dis" >"$tmp/titles"
echo "Disassembly of rawtp:sched::$first +$((n - 1)) more:" | diff -u - "$tmp/titles" || exit 1
grep -q 'call bpf_get_attach_cookie' "$tmp/dis" || { echo "no cookie read"; exit 1; }
grep -q "&map 'dt_pnames'" "$tmp/dis" || { echo "no probe-name map"; exit 1; }

# arg2 of sched: tracepoints with fewer than 3 arguments is 0 (a program
# of its own class); the rest share
"$DTRACE" -S -n 'rawtp:sched:: { @[probename] = sum(arg2); } BEGIN { exit(0); }' \
    >"$tmp/out" 2>"$tmp/dis" || { cat "$tmp/dis"; exit 1; }
t=$(grep -c '^Disassembly of rawtp' "$tmp/dis")
[ "$t" -ge 2 ] && [ "$t" -lt "$n" ] || { echo "$t programs for arg2"; grep '^Disassembly' "$tmp/dis"; exit 1; }
exit 0
