#!/usr/bin/env bash
# A generated script of 20,000 lines compiles, loads and runs with the
# right results: 11,800 inlines, 6,000 globals declared, and 240 clauses
# on BEGIN and END (each reading the previous clause's global, a new
# inline, a clause-local and a thread-local, and aggregating), which
# chain a sum the test computes itself.  Compile time linear in script
# size is measured by bench/compile_scale.py; this checks that a script
# that size is also correct.
set -u
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

awk -v out="$tmp/want" 'BEGIN {
	ninl = 11800; nglob = 6000; nclause = 120;
	for (i = 0; i < ninl; i++)
		printf "inline int c%d = %d;\n", i, i;
	for (i = 0; i < nglob; i++)
		printf "int g%d;\n", i;
	lines = ninl + nglob;
	g = 0;
	for (k = 0; k < 2 * nclause; k++) {
		idx = (k * 37) % ninl;
		printf "%s\n/g%d == %d/\n{\n", k < nclause ? "BEGIN" : "END", k, g;
		printf "\tthis->t = c%d;\n", idx;
		printf "\tself->s%d = this->t;\n", k;
		printf "\tg%d = g%d + self->s%d;\n", k + 1, k, k;
		printf "\t@n[probename] = count();\n\t@sum = sum(this->t);\n}\n";
		g += idx;
		lines += 9;
		if (k == nclause - 1) {
			printf "BEGIN\n{\n\texit(0);\n}\n";
			lines += 4;
		}
	}
	printf "END\n{\n\tprintf(\"last %%d\\n\", g%d);\n", 2 * nclause;
	printf "\tprinta(\"%%s %%@d\\n\", @n);\n\tprinta(\"sum %%@d\\n\", @sum);\n}\n";
	lines += 6;
	while (lines < 20000) {
		printf "\n";
		lines++;
	}
	printf "last %d\nBEGIN 120\nEND 120\nsum %d\n", g, g > out
}' > "$tmp/big.d"

n=$(wc -l < "$tmp/big.d")
[ "$n" -eq 20000 ] || { echo "generated $n lines, not 20000"; exit 1; }
"$DTRACE" -qs "$tmp/big.d" > "$tmp/out" 2> "$tmp/err"
rc=$?
if [ "$rc" -ne 0 ]; then
	echo "dtrace exited $rc"
	head -n 20 "$tmp/err"
	exit 1
fi
# (blank lines aside: where printa() and the exit put them is not this test's)
if ! diff -u "$tmp/want" <(grep -v '^$' "$tmp/out"); then
	head -n 20 "$tmp/err"
	exit 1
fi
echo "20000 lines: $(head -n 1 "$tmp/out")"
