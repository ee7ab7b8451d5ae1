#!/usr/bin/env bash
# D lays out bit-fields as the C compiler does: the same declarations give
# the same sizes and the same values read from the same bytes (the first
# bytes of the kernel BTF, at `__start_BTF and in /sys/kernel/btf/vmlinux).
decl='struct t1 { char a:3; char b:6; int c:20; unsigned d:15; long e:33; short f; };
struct t2 { unsigned a:1; unsigned :0; unsigned char b:7; unsigned long c:60; };
struct t3 { short a:9; int b:9; char c; int :3; unsigned d:30; };
union t4 { int a:5; long b:40; char c; };'
fields='a b c d e f'
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cat > "$tmp/c.c" <<EOC
#include <stdio.h>
#include <string.h>
$decl
int main(void)
{
	static unsigned char buf[64];
	FILE *f = fopen("/sys/kernel/btf/vmlinux", "r");
	if (!f || fread(buf, 1, sizeof(buf), f) != sizeof(buf)) return 1;
	struct t1 *p1 = (void *)buf; struct t2 *p2 = (void *)buf;
	struct t3 *p3 = (void *)buf; union t4 *p4 = (void *)buf;
	printf("%zu %zu %zu %zu\n", sizeof(struct t1), sizeof(struct t2), sizeof(struct t3), sizeof(union t4));
	printf("%d %d %d %d %ld %d\n", p1->a, p1->b, p1->c, p1->d, (long)p1->e, p1->f);
	printf("%d %d %lu\n", p2->a, p2->b, (unsigned long)p2->c);
	printf("%d %d %d %d\n", p3->a, p3->b, p3->c, p3->d);
	printf("%d %ld %d\n", p4->a, (long)p4->b, p4->c);
	return 0;
}
EOC
cc -o "$tmp/c" "$tmp/c.c" || exit 1
want=$("$tmp/c") || exit 1
got=$("$DTRACE" -qn "$decl"'
BEGIN {
	p1 = (struct t1 *)&`__start_BTF; p2 = (struct t2 *)&`__start_BTF;
	p3 = (struct t3 *)&`__start_BTF; p4 = (union t4 *)&`__start_BTF;
	printf("%d %d %d %d\n", sizeof (struct t1), sizeof (struct t2), sizeof (struct t3), sizeof (union t4));
	printf("%d %d %d %d %d %d\n", p1->a, p1->b, p1->c, p1->d, p1->e, p1->f);
	printf("%d %d %u\n", p2->a, p2->b, p2->c);
	printf("%d %d %d %d\n", p3->a, p3->b, p3->c, p3->d);
	printf("%d %d %d\n", p4->a, p4->b, p4->c);
	exit(0);
}' 2>&1)
echo "C:"; echo "$want"; echo "D:"; echo "$got"
[ "$(echo "$got" | sed '/^$/d')" = "$want" ]
