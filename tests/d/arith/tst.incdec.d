/*
 * Pre/post increment and decrement: values of the expressions, effects on
 * the variable, wrap-around, and implicit int64_t declaration of a variable
 * first used with ++ or --.
 */
#pragma D option quiet

int x, y;
uint8_t u8;
int16_t i16;
uint64_t u64;

BEGIN
{
	x = 5;
	y = x++; printf("%d %d\n", y, x);
	y = ++x; printf("%d %d\n", y, x);
	y = x--; printf("%d %d\n", y, x);
	y = --x; printf("%d %d\n", y, x);
	printf("%d\n", x++ + 10);
	printf("%d\n", x);
	printf("%d\n", -x--);
	printf("%d\n", x);

	u8 = 0; u8--; printf("%d ", u8);
	u8++; printf("%d ", u8);
	i16 = -32768; i16--; printf("%d ", i16);
	u64 = 0; u64--; printf("%u\n", u64);

	z++;
	z++;
	w--;
	printf("%d %d %d %d\n", z, w, sizeof (z), sizeof (w));
}

BEGIN
/k++ == 0/
{
	printf("first\n");
}

BEGIN
/k++ == 1/
{
	printf("second\n");
}

BEGIN
/k++ == 5/
{
	printf("not reached\n");
}

BEGIN
{
	printf("%d\n", k);
	exit(0);
}
