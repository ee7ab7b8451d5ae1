#!/bin/bash
# print() of an object larger than the 4096 bytes it records: nested
# structs are shown member by member up to where the bytes stop, "..."
# stands where the first member that does not fit would be, at its
# indentation, and every open brace is closed (Oracle Linux DTrace's
# layout for a truncated print(), as in its tst.print.local.trunc2).
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/p.d" <<'DEOF'
#pragma D option quiet

struct t {
	char pad[4040];
	long long x;
	struct { long long x; struct { long long x; struct { long long x;
	struct { long long x; struct { long long x; struct { long long x;
	struct { long long x; } g; } f; } e; } d; } c; } b; } a;
};
struct u {
	char pad[4092];
	short x;
	short y[4];
};
struct t t;
struct u u;

BEGIN
{
	t.x = 1; t.a.x = 2; t.a.b.x = 3; t.a.b.c.x = 4; t.a.b.c.d.x = 5;
	t.a.b.c.d.e.x = 6; t.a.b.c.d.e.f.x = 7; t.a.b.c.d.e.f.g.x = 8;
	print(&t);
	u.x = 1; u.y[0] = 2; u.y[1] = 3;
	print(&u);
	exit(0);
}
DEOF
"$DTRACE" -s "$tmp/p.d" >"$tmp/out" 2>"$tmp/err" || { echo "exit status $?"; cat "$tmp/err"; exit 1; }
sed -E 's/^0x[0-9a-f]+ = \*$/ADDR = */' "$tmp/out" >"$tmp/got"
cat >"$tmp/want" <<'WEOF'
ADDR = *
                                            (struct t) {
                                             .x = (long long)1,
                                             .a = (struct) {
                                              .x = (long long)2,
                                              .b = (struct) {
                                               .x = (long long)3,
                                               .c = (struct) {
                                                .x = (long long)4,
                                                .d = (struct) {
                                                 .x = (long long)5,
                                                 .e = (struct) {
                                                  .x = (long long)6,
                                                  .f = (struct) {
                                                   .x = (long long)7,
                                                   ...
                                                  },
                                                 },
                                                },
                                               },
                                              },
                                             },
                                            }
ADDR = *
                                            (struct u) {
                                             .x = (short)1,
                                             .y = (short [4]) [
                                              (short)2,
                                              ...
                                             ],
                                            }

WEOF
diff -u "$tmp/want" "$tmp/got"
