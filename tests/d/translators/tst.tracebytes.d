/*
 * trace() of a struct, union or array records its bytes, printed as dtrace
 * prints them: as a string when the bytes are printable characters ended
 * by NULs, else as a hex dump with an ASCII column (here a D struct, a
 * D int array, and a translated struct built in the record).
 */
#pragma D option quiet

struct foo {
	int x;
	char name[8];
	short s[3];
};

struct txt {
	char c[8];
};

struct out_t {
	int a;
	char n[4];
};

translator struct out_t < int x > {
	a = x;
	n = "xyz";
};

struct foo f;
struct txt t;
int arr[3];

BEGIN
{
	f.x = 0x41424344;
	f.name = "hi";
	f.s[1] = 7;
	trace(f);
	t.c = "abc";
	trace(t);
	printf("\n");
	arr[0] = 1;
	arr[2] = -1;
	trace(arr);
	trace(xlate <struct out_t>(0x10203));
	exit(0);
}
