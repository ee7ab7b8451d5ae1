#!/bin/bash
# print() shows float and double members as "%f" does (the libbpf dumper's
# format that Oracle Linux DTrace's layout follows); a zero one is left out
# like any other zero member.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$DTRACE" -qn 'struct s { int a; double d; float f; double z; };
BEGIN
{
	p = (struct s *)alloca(sizeof (struct s));
	p->a = 7;
	*(uint64_t *)&p->d = 0x3ff8000000000000;
	*(uint32_t *)&p->f = 0xc0200000;
	print(p);
	exit(0);
}' >"$tmp/out" 2>"$tmp/err" || { echo "exit status $?"; cat "$tmp/err"; exit 1; }
sed -E 's/^0x[0-9a-f]+ = \*$/ADDR = */' "$tmp/out" >"$tmp/got"
cat >"$tmp/want" <<'WEOF'
ADDR = *
                                            (struct s) {
                                             .a = (int)7,
                                             .d = (double)1.500000,
                                             .f = (float)-2.500000,
                                            }

WEOF
diff -u "$tmp/want" "$tmp/got"
