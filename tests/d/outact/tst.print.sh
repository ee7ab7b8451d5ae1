#!/bin/bash
# print(ptr) shows "ADDRESS = *" and the object, one member a line with its
# type, indented 44 columns: nested structs, unions and arrays one column
# further in, char arrays up to their NUL, enums by name, pointers in hex,
# members that are zero left out (Oracle Linux DTrace's layout).
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/p.d" <<'DEOF'
#pragma D option quiet

enum eh { FIRSTVAL = 0, SECONDVAL = 1, THIRDVAL = 3 };

struct test_struct {
	int     a;
	char    b[5];
	union {
		uint8_t c;
		uint64_t d;
	} u;
	struct {
		void *e;
		uint64_t f;
	} s;
	short g[3];
	enum eh h;
	unsigned int i:3, j:5;
	int k:4;
};

BEGIN
{
	t = (struct test_struct *)alloca(sizeof (struct test_struct));
	t->a = 1;
	t->b[0] = 't';
	t->b[1] = 'e';
	t->b[2] = 's';
	t->b[3] = 't';
	t->b[4] = '\0';
	t->u.d = 123456789;
	t->s.e = (void *)0xffff9b7aca7e0000;
	t->s.f = 987654321;
	t->g[0] = -2;
	t->g[2] = 7;
	t->h = SECONDVAL;
	/* i = 5, k = -3: the bit-fields' unit follows h */
	*(unsigned int *)((char *)t + offsetof(struct test_struct, h) + 4) = 5 | 13 << 8;
	print(t);

	t->a = 0;
	t->b[0] = '\0';
	t->u.d = 0;
	t->s.e = NULL;
	t->s.f = 0;
	t->g[0] = t->g[2] = 0;
	t->h = FIRSTVAL;
	/* j = 31 */
	*(unsigned int *)((char *)t + offsetof(struct test_struct, h) + 4) = 31 << 3;
	print(t);
	exit(0);
}
DEOF
"$DTRACE" -s "$tmp/p.d" >"$tmp/out" 2>"$tmp/err" || { echo "exit status $?"; cat "$tmp/err"; exit 1; }
addr=$(sed -n '1s/ = \*$//p' "$tmp/out")
case "$addr" in 0x[0-9a-f]*) ;; *) echo "no address line:"; cat "$tmp/out"; exit 1 ;; esac
[ "$(grep -c "^$addr = \*\$" "$tmp/out")" = 2 ] || { echo "address lines:"; cat "$tmp/out"; exit 1; }
sed "s/^$addr/ADDR/" "$tmp/out" >"$tmp/got"
cat >"$tmp/want" <<'WEOF'
ADDR = *
                                            (struct test_struct) {
                                             .a = (int)1,
                                             .b = (char [5]) [
                                              (char)'t',
                                              (char)'e',
                                              (char)'s',
                                              (char)'t',
                                             ],
                                             .u = (union) {
                                              .c = (uint8_t)21,
                                              .d = (uint64_t)123456789,
                                             },
                                             .s = (struct) {
                                              .e = (void *)0xffff9b7aca7e0000,
                                              .f = (uint64_t)987654321,
                                             },
                                             .g = (short [3]) [
                                              (short)-2,
                                              (short)7,
                                             ],
                                             .h = (enum eh)SECONDVAL,
                                             .i = (unsigned int)5,
                                             .k = (int)-3,
                                            }
ADDR = *
                                            (struct test_struct) {
                                             .b = (char [5]) [
                                             ],
                                             .j = (unsigned int)31,
                                            }

WEOF
diff -u "$tmp/want" "$tmp/got"
