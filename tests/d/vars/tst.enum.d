/*
 * Enumerations declared in D: implicit and explicit enumerator values, use
 * of enumerators in expressions, predicates and sizeof of the enum type.
 */
#pragma D option quiet

enum color {
	RED,
	GREEN = 5,
	BLUE,
	NEG = -3,
	AFTER
};

enum {
	ALPHA = 0x10,
	BETA = 0x20
};

BEGIN
{
	printf("%d %d %d %d %d\n", RED, GREEN, BLUE, NEG, AFTER);
	printf("%d %d\n", ALPHA, BETA);
	printf("%d %d %d\n", BLUE * 2, GREEN + BLUE, sizeof (enum color));
	x = (int)BLUE;
	printf("%d\n", x);
}

BEGIN
/GREEN == 5 && AFTER < 0/
{
	printf("ok\n");
	exit(0);
}
