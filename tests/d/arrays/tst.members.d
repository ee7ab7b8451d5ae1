/*
 * Arrays and multi-dimensional arrays as struct members: sizes, offsets,
 * x[i][j] as *(*(x + i) + j), over the kernel BTF header at __start_BTF
 * (bytes 9f eb 01 00, then the 32-bit words 24, 0, ...).
 */
#pragma D option quiet

struct s {
	int a[4][3];
	char n[8];
	short x;
};

BEGIN
{
	p = (struct s *)&`__start_BTF;
	printf("%d %d %d %d %d\n", sizeof (struct s), offsetof(struct s, x), sizeof (p->a),
	    sizeof (p->a[1]), sizeof (p->n));
	printf("%d %d %d\n", p->a[0][1], *(*(p->a + 0) + 1), (*p).a[0][1]);
	printf("%x %x\n", ((unsigned char *)p)[0], ((unsigned char *)p)[1]);
	printf("%d %d\n", &p->a[1][0] - &p->a[0][0], (char *)&p->a[2] - (char *)p);
	printf("%d\n", &p->a[0][1] == (int *)p + 1);
	exit(0);
}
