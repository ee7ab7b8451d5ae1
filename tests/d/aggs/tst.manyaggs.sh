#!/bin/bash
# 500 aggregations updated by one probe's program load and run (issue 18):
# the kernel takes at most 64 maps in one program, so past the budget the
# aggregations share maps by kind (rt/aggshare.c): keyless ones of one
# value size one per-CPU array, keyed ones of one key and value size one
# per-CPU hash whose keys end in the aggregation's id.  Keyless count,
# sum, max, min and quantize are mixed with keyed ones of four key shapes;
# the probe fires three times and every value is printed exactly (printa
# with a format, the quantizes by the exit print).  bpftool shows the
# shared maps: a handful, not 500.
tmp=${KEEP:-$(mktemp -d)}; pid=
trap '[ -n "$pid" ] && kill $pid 2>/dev/null; [ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
fail=0
N=500

{
	echo '#pragma D option quiet'
	echo '#pragma D option aggsortkey'
	echo 'int n, f;'
	echo 'tick-1ms { f = n < 3; n += f; }'
	for ((i = 0; i < N; i++)); do
		((i % 50 == 0)) && echo 'tick-1ms /f/ {'
		case $((i % 5)) in
		0) echo "@c$i = count();" ;;
		1) echo "@s$i = sum($i * n);" ;;
		2) if ((i % 10 == 2)); then echo "@m$i = max(n * $i);"; else echo "@m$i = min(n + $i);"; fi ;;
		3) echo "@q$i = quantize(8);" ;;
		4) case $((i / 5 % 4)) in
		   0) echo "@k$i[n] = sum($i);" ;;
		   1) echo "@k$i[\"a\", n] = count();" ;;
		   2) echo "@k$i[n, n * 2, \"xy\"] = max(n + $i);" ;;
		   3) echo "@k$i[n % 2] = count();" ;;
		   esac ;;
		esac
		((i % 50 == 49)) && echo '}'
	done
	echo 'tick-1ms /n == 3 && !f/ { exit(0); }'
	echo 'END {'
	for ((i = 0; i < N; i++)); do
		case $((i % 5)) in
		0) echo "printa(\"c$i %@d\\n\", @c$i);" ;;
		1) echo "printa(\"s$i %@d\\n\", @s$i);" ;;
		2) echo "printa(\"m$i %@d\\n\", @m$i);" ;;
		4) case $((i / 5 % 4)) in
		   0) echo "printa(\"k$i %d %@d\\n\", @k$i);" ;;
		   1) echo "printa(\"k$i %s %d %@d\\n\", @k$i);" ;;
		   2) echo "printa(\"k$i %d %d %s %@d\\n\", @k$i);" ;;
		   3) echo "printa(\"k$i %d %@d\\n\", @k$i);" ;;
		   esac ;;
		esac
	done
	echo '}'
} >"$tmp/many.d"

{
	for ((i = 0; i < N; i++)); do
		case $((i % 5)) in
		0) echo "c$i 3" ;;
		1) echo "s$i $((6 * i))" ;;
		2) if ((i % 10 == 2)); then echo "m$i $((3 * i))"; else echo "m$i $((1 + i))"; fi ;;
		4) case $((i / 5 % 4)) in
		   0) for n in 1 2 3; do echo "k$i $n $i"; done ;;
		   1) for n in 1 2 3; do echo "k$i a $n 1"; done ;;
		   2) for n in 1 2 3; do echo "k$i $n $((2 * n)) xy $((n + i))"; done ;;
		   3) echo "k$i 0 1"; echo "k$i 1 2" ;;
		   esac ;;
		esac
	done
	echo
	for ((i = 3; i < N; i += 5)); do
		echo
		echo '           value  ------------- Distribution ------------- count    '
		echo '               4 |                                         0        '
		echo '               8 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 3        '
		echo '              16 |                                         0        '
		echo
	done
} >"$tmp/want"

# -e agrees with the run: accepted
"$DTRACE" -e -x aggsize=256k -s "$tmp/many.d" >"$tmp/eout" 2>&1 || { echo "-e: $(cat "$tmp/eout")"; fail=1; }

"$DTRACE" -x aggsize=256k -s "$tmp/many.d" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] || { echo "exit status $rc: $(head -5 "$tmp/err")"; fail=1; }
if ! diff -u "$tmp/want" "$tmp/out" >"$tmp/diff"; then
	echo "output differs:"; head -40 "$tmp/diff"; fail=1
fi

# the aggregation maps of a script while it runs: "SHARED PRIVATE"
maps() {	# script
	{ echo 'BEGIN { printf("ready\n"); }'; grep -v exit "$1"; } >"$tmp/run.d"
	: >"$tmp/out2"
	"$DTRACE" -x aggsize=256k -s "$tmp/run.d" -n 'tick-60s { exit(0); }' >"$tmp/out2" 2>&1 &
	pid=$!
	for ((i = 0; i < 600; i++)); do
		[[ $(<"$tmp/out2") == *ready* ]] && break
		sleep 0.1
	done
	for f in /proc/$pid/fdinfo/*; do
		while read -r k v; do [ "$k" = map_id: ] && echo "$v"; done <"$f"
	done 2>/dev/null | sort -u | while read -r id; do
		bpftool map show id "$id" 2>/dev/null | head -1
	done >"$tmp/maps"
	kill $pid; wait $pid; pid=
	echo "$(grep -c 'name dt_aggs_' "$tmp/maps") $(grep -c 'name dt_agg_' "$tmp/maps")"
}

if command -v bpftool >/dev/null; then
	# the 500: six shared maps (keyless one-word, two-word and quantize
	# values; keyed 8-byte keys with one word, 16 with one, 24 with two),
	# no private one
	m=$(maps "$tmp/many.d")
	[ "$m" = "6 0" ] || { echo "500: shared, private maps: $m"; cat "$tmp/maps"; fail=1; }
	# a program's budget is 44 aggregations: 44 keep maps of their own
	# (the program is what it was before sharing existed), 45 share
	for n in 44 45; do
		{ echo 'tick-1ms {'; for ((i = 0; i < n; i++)); do echo "@a$i = count();"; done
		  echo '}'; } >"$tmp/n.d"
		m=$(maps "$tmp/n.d")
		want="0 44"; [ $n = 45 ] && want="1 0"
		[ "$m" = "$want" ] || { echo "$n: shared, private maps: $m"; cat "$tmp/maps"; fail=1; }
	done
else
	echo "bpftool not installed: the maps are not checked"
fi
exit $fail
