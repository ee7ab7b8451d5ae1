#!/bin/bash
# Large strsize: the per-CPU working area outgrows a per-CPU map value
# (32 KiB) from about strsize=512 with string subroutines, and moves to an
# array indexed by CPU; frame offsets pass the 16 bits of a BPF
# instruction.  At 256, 1024, 2048 and 4096 every kind of string area
# (record fields, temporaries, this-> and self-> variables, associative
# keys, aggregation keys, alloca scratch space) must work, strings must be
# truncated at exactly strsize (a join onto a full string changes nothing),
# and comparisons of long strings verify.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/t.d" <<'DEOF'
#pragma D option quiet
BEGIN
{
	s = "0123456789";
	s = strjoin(s, s); s = strjoin(s, s); s = strjoin(s, s);
	s = strjoin(s, s); s = strjoin(s, s); s = strjoin(s, s);
	s = strjoin(s, s); s = strjoin(s, s); s = strjoin(s, s);
	printf("len %d\n", strlen(s));
	printf("tail %s\n", substr(s, -7));
	printf("sub [%s]\n", substr(s, 1000, 12));
	printf("idx %d %d %d\n", index(s, "9012"), rindex(s, "0123"), index(s, "x"));
	this->t = strjoin(s, "abc");
	printf("this %d %s\n", strlen(this->t), substr(this->t, -3));
	a[s] = 7;
	a[strjoin(substr(s, 0, 20), "#")] = 8;
	self->u = toupper(substr(s, 5, 6));
	printf("assoc %d %d self %s\n", a[s], a[strjoin("01234567890123456789", "#")], self->u);
	printf("cmp %d %d %d\n", s == strjoin(s, ""), s < strjoin(substr(s, 0, 30), "a"),
	    strjoin(s, "z") == s);
	p = (char *)alloca(100);
	p[0] = 'h'; p[1] = 'i'; p[2] = 0;
	printf("alloca %s %s\n", stringof(p), strtok("a,b", ","));
	@agg[s] = count();
	@agg[substr(s, 0, 4)] = count();
	printf("%s\n", s);
	exit(0);
}
DEOF
fail=0
for n in 256 1024 2048 4096; do
	digits() {	# the characters of s from $1 to $2 (exclusive)
		local i r=""
		for ((i = $1; i < $2; i++)); do r+=$((i % 10)); done
		printf '%s' "$r"
	}
	{
		echo "len $n"
		echo "tail $(digits $((n - 7)) $n)"
		if [ $n -gt 1000 ]; then echo "sub [$(digits 1000 1012)]"; else echo "sub []"; fi
		echo "idx 9 $(( (n - 4) / 10 * 10 )) -1"
		echo "this $n $(digits $((n - 3)) $n)"
		echo "assoc 7 8 self 567890"
		echo "cmp 1 1 1"
		echo "alloca hi a"
		digits 0 $n; echo
		echo
		printf '  %-50s %16d\n' 0123 1
		printf '  %-50s %16d\n' "$(digits 0 $n)" 1
	} >"$tmp/want"
	"$DTRACE" -x strsize=$n -s "$tmp/t.d" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	if [ $rc != 0 ]; then echo "strsize=$n: exit status $rc"; cat "$tmp/err"; fail=1; continue; fi
	if ! cmp -s "$tmp/want" "$tmp/out"; then
		echo "strsize=$n: output differs"
		diff -u "$tmp/want" "$tmp/out" | cut -c1-100 | head -20
		fail=1
	fi
done
exit $fail
