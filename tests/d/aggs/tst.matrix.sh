#!/bin/bash
# Every aggregating function with keys of every kind, printed at exit: the
# key columns do not depend on the function and the value columns do not
# depend on the keys.  The D script and the expected text are both made
# here, the text from dtrace's formats: keys " %3d" / " %5d" (1- and 2-byte
# integers, shown unsigned), " %8d" (4-byte, shown signed), " %16lld"
# (8-byte), "  %-50s" (strings); values " %16lld" (" %16llu" for stddev);
# distribution tables after the keys, each followed by an empty line.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

keys=('' '(char)-1' '(uint8_t)7' '(short)-2' '(uint16_t)9' '(int)-3' '(uint32_t)4000000000'
	'(long)-4' '(uint64_t)5' '"str"' '"s", (char)1, (short)2, 3, (long)4')
keycols=('' "$(printf ' %3d' 255)" "$(printf ' %3d' 7)" "$(printf ' %5d' 65534)"
	"$(printf ' %5d' 9)" "$(printf ' %8d' -3)" "$(printf ' %8d' -294967296)"
	"$(printf ' %16lld' -4)" "$(printf ' %16lld' 5)" "$(printf '  %-50s' str)"
	"$(printf '  %-50s %3d %5d %8d %16lld' s 1 2 3 4)")
funcs=('count()' 'sum(-5)' 'min(-5)' 'max(-5)' 'avg(-5)' 'stddev(-5)' 'quantize(5)'
	'lquantize(5, 0, 10)' 'llquantize(5, 10, 0, 1, 10)')

hdr() { printf '\n%16s %41s %-9s\n' value '------------- Distribution -------------' count; }
row() { printf '%16s |%s %-9d\n' "$1" "$2" "$3"; }
table() { # labels around the one bucket holding the data point
	local full='@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@' none='                                        '
	hdr; row "$1" "$none" 0; row "$2" "$full" 1; row "$3" "$none" 0
}
value() {
	case $1 in
	count*) printf ' %16lld\n' 1 ;;
	stddev*) printf ' %16llu\n' 0 ;;
	quantize*) table 2 4 8; printf '\n' ;;
	lquantize*|llquantize*) table 4 5 6; printf '\n' ;;
	*) printf ' %16lld\n' -5 ;;
	esac
}

# (a BPF program uses at most 64 maps, one per aggregation here: the first
# five functions aggregate in BEGIN, the others in END)
{
	echo '#pragma D option quiet'
	echo 'BEGIN {'
	n=0
	for f in "${funcs[@]}"; do
		[ $n = $((5 * ${#keys[@]})) ] && printf '\texit(0);\n}\nEND {\n'
		for k in "${keys[@]}"; do
			if [ -z "$k" ]; then echo "	@a$n = $f;"; else echo "	@a$n[$k] = $f;"; fi
			n=$((n + 1))
		done
	done
	echo '}'
} >"$tmp/m.d"
{
	printf '\n'
	for f in "${funcs[@]}"; do
		for c in "${keycols[@]}"; do
			printf '%s' "$c"; value "$f"
		done
	done
} >"$tmp/want"
"$DTRACE" -s "$tmp/m.d" >"$tmp/got" 2>"$tmp/err" || { cat "$tmp/err"; exit 1; }
cmp -s "$tmp/want" "$tmp/got" && exit 0
diff "$tmp/want" "$tmp/got" | head -40
exit 1
