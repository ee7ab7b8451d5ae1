/*
 * Inline constants: usable in expressions and predicates, may refer to
 * other inlines, and have the declared type.
 */
#pragma D option quiet

inline int FOO = 3;
inline int BAR = FOO * 2 + 1;
inline int64_t BIG = 1LL << 40;
inline unsigned int UMAX = 0xffffffff;
inline char C = 'x';

BEGIN
{
	printf("%d %d %d %u %c\n", FOO, BAR, BIG, UMAX, C);
	printf("%d %d %d\n", FOO + BAR, BAR % FOO, sizeof (BIG));
}

BEGIN
/FOO == 3 && BAR > FOO/
{
	printf("ok\n");
}

BEGIN
/FOO != 3/
{
	printf("not reached\n");
}

BEGIN
{
	exit(0);
}
