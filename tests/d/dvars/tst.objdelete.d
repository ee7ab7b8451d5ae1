/*
 * Elements of an associative array of structs take dynamic variable
 * space when first stored to (zero-filled); with the space full the store
 * is a dynamic variable drop, and assigning 0 (as Oracle Linux DTrace
 * allows for a struct or union) deletes an element, making room.
 * dynvarsize=288 holds three of these elements (key 24 bytes, value 8,
 * 64 of overhead each).
 */
#pragma D option quiet
#pragma D option dynvarsize=288

struct s {
	int a;
};

union u {
	int a;
	char c;
};

struct s v[int];
union u w[int];

BEGIN
{
	v[1].a = 1;
	v[2].a = 2;
	v[3].a = 3;
	v[4].a = 4;
	printf("%d %d %d %d\n", v[1].a, v[2].a, v[3].a, v[4].a);
	v[1] = 0;
	v[4].a = 4;
	printf("%d %d %d %d\n", v[1].a, v[2].a, v[3].a, v[4].a);
	v[2] = NULL;
	w[1].a = 5;
	printf("%d %d\n", v[2].a, w[1].a);
	w[1] = 0;
	v[2] = v[3];
	printf("%d %d\n", v[2].a, w[1].a);
	exit(0);
}
