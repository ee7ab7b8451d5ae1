#!/bin/bash
# -e refuses a script the front end accepts but code generation or the
# checks before loading refuse, with exit status 1 and the error (before
# -e ran code generation, it exited 0 on them): aggregations needing more
# maps than one program may use (named with the clause, its line, the
# aggregation past the limit and the limit; 70 aggregations of one kind
# share maps and load), a program too large (named with the first clause
# that does not fit, its line and the limit: a clause past a jump's reach,
# or more clauses than the parts of a program hold), strings nested too
# deep.  The refusal names the probe.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0

refused() {	# name, expected stderr, dtrace arguments...
	local name=$1 want=$2
	shift 2
	"$DTRACE" -e "$@" >"$tmp/out" 2>"$tmp/err"
	local rc=$?
	[ $rc = 1 ] || { echo "$name: exit status $rc, expected 1"; fail=1; }
	[ -s "$tmp/out" ] && { echo "$name: stdout: $(cat "$tmp/out")"; fail=1; }
	[ "$(cat "$tmp/err")" = "$want" ] || { echo "$name: stderr: $(cat "$tmp/err")"; fail=1; }
}

prog='BEGIN {'
for i in $(seq 70); do prog="$prog @a$i = count();"; done
"$DTRACE" -e -n "$prog exit(0); }" >"$tmp/out" 2>"$tmp/err" ||
    { echo "70 shared: $(cat "$tmp/err")"; fail=1; }
# lquantize()s of 50 different ranges: 50 kinds of value, no sharing
lq=$'BEGIN\n{'
for i in $(seq 50); do lq="$lq @l$i = lquantize(1, 0, $((i * 10)), 10);"; done
refused maps "dtrace: could not enable tracing: failed to load program for dtrace:::BEGIN: clause 1 (:::BEGIN, line 1): @l45 (line 2) passes the 44 maps a program may use for aggregations (of the kernel's 64); its aggregations need 50 maps of different kinds" \
    -n "$lq exit(0); }"
# the map limit is per program: the same aggregations split over two
# probes load
prog2='tick-1s {'
for i in $(seq 35); do prog2="$prog2 @b$i = count();"; done
"$DTRACE" -e -n "${prog% @a40*} }" -n "$prog2 }" >"$tmp/out" 2>"$tmp/err" ||
    { echo "split: $(cat "$tmp/err")"; fail=1; }

# one clause larger than a jump spans (a program too large for one BPF
# program is split into tail-called parts, but a clause is not split)
{
	printf 'int y, z;\ntick-1s\n{\n'
	for i in $(seq 3000); do printf '\tx = y / (z + %d);\n' "$i"; done
	printf '}\n'
} >"$tmp/large.d"
refused large "dtrace: could not enable tracing: program for profile:::tick-1s is too large: clause 1 of 1 (:::tick-1s, line 2) ends past the 32767 instructions a BPF jump can span" \
    -s "$tmp/large.d"
# more clauses than 32 parts hold
{
	echo 'int n;'
	for i in $(seq 50000); do printf 'tick-1s /n < 3/ { printf("%%d\\n", %d); }\n' "$i"; done
} >"$tmp/chain.d"
"$DTRACE" -e -s "$tmp/chain.d" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 1 ] && grep -Eqx 'dtrace: could not enable tracing: program for profile:::tick-1s is too large: clause [0-9]+ of 50000 \(:::tick-1s, line [0-9]+\) starts past the 32 parts a program can be split into' "$tmp/err" ||
    { echo "chain: $rc: $(cat "$tmp/err")"; fail=1; }

refused nested "dtrace: could not enable tracing: [D_NOREG] string expression too complex (more than 6 nested strings)" \
    -x errtags -n 'END { x = strjoin("a", strjoin("b", strjoin("c", strjoin("d",
	strjoin("e", strjoin("f", strjoin("g", strjoin("h", "i")))))))); }'

# -S: the refusal (the maps are planned before any program is generated)
"$DTRACE" -e -S -n 'BEGIN { trace(1); }' -n "$lq exit(0); }" >"$tmp/out" 2>"$tmp/err"
[ $? = 1 ] && tail -n 1 "$tmp/err" | grep -q 'need 50 maps' ||
    { echo "-S:"; tail -n 3 "$tmp/err"; fail=1; }
exit $fail
