#!/bin/bash
# -e refuses what enabling refuses, in the same words and with the same
# exit status: scripts the front end accepts but code generation or the
# checks before the kernel's load refuse (more maps than one program may
# use, a program too large, strings nested too deep, END's reservation
# larger than the buffer, a zero buffer, a destructive action without -w,
# grabanon).  A script that loads gives exit 0 and no output with -e.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0

# the one-program map limit: 70 count()s share one map and load; 50
# lquantize()s of different ranges need 50 maps, past a program's budget
aggs() {	# count: that many count()s; else lquantize()s
	printf 'BEGIN\n{\n'
	for i in $(seq "$1"); do
		if [ "$2" = count ]; then printf '\t@a%d = count();\n' "$i"
		else printf '\t@a%d = lquantize(1, 0, %d, 10);\n' "$i" $((10 * i)); fi
	done
	printf '\texit(0);\n}\n'
}
aggs 50 lquantize >"$tmp/maps.d"
aggs 70 count >"$tmp/maps_ok.d"
# a clause whose jumps no longer fit in 16 bits
{
	printf 'int y, z;\nBEGIN\n{\n'
	for i in $(seq 3000); do printf '\tx = y / (z + %d);\n' "$i"; done
	printf '\texit(0);\n}\n'
} >"$tmp/large.d"
cat >"$tmp/nested.d" <<'D'
BEGIN
{
	x = strjoin("a", strjoin("b", strjoin("c", strjoin("d",
	    strjoin("e", strjoin("f", strjoin("g", strjoin("h", "i"))))))));
	exit(0);
}
D
cat >"$tmp/endres.d" <<'D'
#pragma D option bufsize=16
#pragma D option bufpolicy=fill
END { trace(1); trace(2); trace(3); }
BEGIN { exit(0); }
D
cat >"$tmp/zerobuf.d" <<'D'
#pragma D option bufsize=0
BEGIN { exit(0); }
D
cat >"$tmp/destr.d" <<'D'
BEGIN { system("true"); exit(0); }
D
cat >"$tmp/grabanon.d" <<'D'
#pragma D option grabanon
BEGIN { exit(0); }
D

# each refused by enabling (-q: without "matched") and by -e alike
for s in maps large nested endres zerobuf destr grabanon; do
	timeout -s KILL 60 "$DTRACE" -q -s "$tmp/$s.d" >"$tmp/real.out" 2>"$tmp/real.err"
	real=$?
	"$DTRACE" -e -s "$tmp/$s.d" >"$tmp/e.out" 2>"$tmp/e.err"
	e=$?
	[ $real = 1 ] || { echo "$s: the real run exits $real, expected 1"; fail=1; }
	[ $e = $real ] || { echo "$s: -e exits $e, the real run $real"; fail=1; }
	grep -q '^dtrace: could not enable tracing: ' "$tmp/real.err" ||
	    { echo "$s: the real run says: $(cat "$tmp/real.err")"; fail=1; }
	diff -u "$tmp/real.err" "$tmp/e.err" || { echo "$s: -e's stderr differs"; fail=1; }
	[ -s "$tmp/e.out" ] && { echo "$s: -e's stdout: $(cat "$tmp/e.out")"; fail=1; }
done

# scripts that load: -e says nothing and exits 0 (and the map limit's
# boundary holds in a real run)
cat >"$tmp/good.d" <<'D'
BEGIN { self->x = 1; a["k"] = strjoin("a", "b"); printf("%s %d\n", a["k"], self->x); }
tick-1s { @q = quantize(timestamp); @c[execname] = count(); }
syscall::read:entry /pid == $pid/ { trace(copyinstr(arg1)); }
BEGIN { i = speculation(); speculate(i); trace(1); }
BEGIN { commit(i); }
BEGIN { exit(0); }
D
for s in good maps_ok; do
	"$DTRACE" -e -s "$tmp/$s.d" >"$tmp/e.out" 2>"$tmp/e.err"
	e=$?
	[ $e = 0 ] && [ ! -s "$tmp/e.out" ] && [ ! -s "$tmp/e.err" ] ||
	    { echo "$s: -e exits $e: $(cat "$tmp/e.out" "$tmp/e.err")"; fail=1; }
done
timeout -s KILL 60 "$DTRACE" -q -s "$tmp/maps_ok.d" >"$tmp/real.out" 2>"$tmp/real.err" ||
    { echo "maps_ok: the real run: $(cat "$tmp/real.err")"; fail=1; }
exit $fail
