/*
 * Globals declared implicitly by assignment take the type of the first
 * assigned expression; they keep their value across clauses and probes,
 * and hold later values whole: z, a char assigned 200, prints as -56 but
 * is not negative.
 */
#pragma D option quiet

BEGIN
{
	x = 1;
	y = 1L;
	z = (char)1;
	w = 0xffffffff;
	v = (uint16_t)7;
	t = timestamp;
	printf("%d %d %d %d %d %d\n", sizeof (x), sizeof (y), sizeof (z),
	    sizeof (w), sizeof (v), sizeof (t));
}

BEGIN
{
	x = 2147483647;
	x++;
	y = 2147483647;
	y++;
	z = 200;
	w++;
	v = 65535;
	v += 2;
	printf("%d %d %d %u %d\n", x, y, z, w, v);
	printf("%d %d %d %d\n", x < 0, y > 0, z < 0, w == 0);
	x = 0x100000005;
	printf("%d\n", x);
}

END
{
	printf("%d %d %d %u %d\n", x, y, z, w, v);
}

BEGIN
{
	exit(0);
}
