/*
 * Associative arrays holding structs, unions and arrays: members of
 * every integer size, nested struct and array members (constant and
 * run-time indexes), a bit-field, two keys, elements never assigned
 * reading as zeros, whole-element copies (from another element, a
 * clause-local, a translated *curpsinfo), sizeof, pointer values and
 * array values declared through the declarator, and arrays implied by
 * assigning a struct.
 */
#pragma D option quiet

struct inner {
	short x;
	char c[4];
};

struct big {
	int8_t i8;
	uint8_t u8;
	int16_t i16;
	uint16_t u16;
	int32_t i32;
	uint32_t u32;
	int64_t i64;
	uint64_t u64;
	struct inner in;
	int arr[3];
	struct inner ins[2];
	int bf:3;
};

union u {
	int i;
	char b[4];
};

struct big b[string, int];
union u un[int];
int v4[string][4];
int *p[string];
this struct inner t;

BEGIN
{
	printf("never: %d %d %d %d [%s] %d\n", b["x", 1].i8, b["x", 1].u64,
	    b["x", 1].in.x, b["x", 1].arr[2], b["x", 1].in.c, b["x", 1].ins[1].x);

	b["a", 1].i8 = -1;
	b["a", 1].u8 = 255;
	b["a", 1].i16 = -2;
	b["a", 1].u16 = 65535;
	b["a", 1].i32 = -3;
	b["a", 1].u32 = 4294967295;
	b["a", 1].i64 = -4;
	b["a", 1].u64 = 0xffffffffffffffff;
	printf("%d %u %d %u %d %u %d %u\n", b["a", 1].i8, b["a", 1].u8,
	    b["a", 1].i16, b["a", 1].u16, b["a", 1].i32, b["a", 1].u32,
	    b["a", 1].i64, b["a", 1].u64);
	b["a", 1].i8++;
	b["a", 1].u8++;
	b["a", 1].i16 += 3;
	--b["a", 1].u16;
	b["a", 1].u64 -= 5;
	printf("%d %u %d %u %u\n", b["a", 1].i8, b["a", 1].u8, b["a", 1].i16,
	    b["a", 1].u16, b["a", 1].u64);

	b["a", 2].in.x = 7;
	b["a", 2].in.c = "abcdef";
	b["a", 2].arr[1] = 11;
	j = 2;
	b["a", 2].arr[j] = 12;
	b["a", 2].arr[j - 2]++;
	b["a", 2].ins[1].x = 13;
	b["a", 2].ins[j - 1].c[0] = 'z';
	b["a", 2].bf = 5;
	printf("%d %s %d %d %d %d %c %d\n", b["a", 2].in.x, b["a", 2].in.c,
	    b["a", 2].arr[0], b["a", 2].arr[1], b["a", 2].arr[2],
	    b["a", 2].ins[1].x, b["a", 2].ins[1].c[0], b["a", 2].bf);
	printf("keys: %d %d %d\n", b["a", 1].in.x, b["b", 2].in.x, b["a", 2].in.x);

	b["c", 3] = b["a", 2];
	b["c", 3].arr[1] = 99;
	printf("copy: %d %s %d %d %d\n", b["c", 3].in.x, b["c", 3].in.c,
	    b["c", 3].arr[1], b["a", 2].arr[1], sizeof (b["c", 3]));
	b["d", 4] = b["none", 0];
	printf("copy of never: %d\n", b["d", 4].in.x);

	un[1].i = 0x41424344;
	printf("union: %c %d\n", un[1].b[0], un[2].i);

	v4["q"][2] = 5;
	v4["q"][0]++;
	printf("array: %d %d %d %d\n", v4["q"][0], v4["q"][2], v4["r"][1],
	    sizeof (v4["q"]));

	p["a"] = (int *)8;
	printf("pointer: %d %d\n", sizeof (p["a"]), (long)(p["a"] + 1));

	this->t.x = 21;
	this->t.c = "tl";
	l[execname] = this->t;
	l[execname].x++;
	printf("implied: %d %s %d\n", l["dtrace"].x, l["dtrace"].c, l["other"].x);

	ps[pid] = *curpsinfo;
	printf("translated: %d %s\n", ps[pid].pr_pid == pid, ps[pid].pr_fname);
	exit(0);
}
