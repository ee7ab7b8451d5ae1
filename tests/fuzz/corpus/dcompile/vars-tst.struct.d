/*
 * struct and typedef declarations: sizeof and offsetof follow the C layout
 * rules (member alignment and tail padding), typedefs alias their types.
 */
#pragma D option quiet

struct foo {
	char a;
	int b;
	short c;
	long d;
};

struct bar {
	char name[10];
	uint64_t x;
};

struct baz {
	struct foo f;
	char z;
};

struct small {
	char p;
	char q;
	short r;
};

typedef struct foo foo_t;
typedef int myint_t;
typedef uint8_t byte_t;

myint_t mi;
byte_t by;

BEGIN
{
	printf("%d %d %d %d %d\n", sizeof (struct foo), offsetof(struct foo, a),
	    offsetof(struct foo, b), offsetof(struct foo, c),
	    offsetof(struct foo, d));
	printf("%d %d\n", sizeof (struct bar), offsetof(struct bar, x));
	printf("%d %d\n", sizeof (struct baz), offsetof(struct baz, z));
	printf("%d %d %d\n", sizeof (struct small), offsetof(struct small, q),
	    offsetof(struct small, r));
	printf("%d %d %d %d\n", sizeof (foo_t), sizeof (myint_t),
	    sizeof (byte_t), sizeof (mi));
	mi = -5;
	by = 300;
	printf("%d %d\n", mi, by);
	exit(0);
}
