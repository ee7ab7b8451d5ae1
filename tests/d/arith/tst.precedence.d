/*
 * Operator precedence and associativity, first on integer constants (folded
 * by the compiler) and then on int globals assigned in an earlier clause so
 * the same expressions must be evaluated at run time.
 */
#pragma D option quiet

int one, two, three, four, five, six, eight, ten, sixteen, hundred, zero;

BEGIN
{
	printf("%d %d %d %d %d\n", 1 + 2 * 3, (1 + 2) * 3, 10 - 4 - 3,
	    100 / 10 / 5, 2 * 3 % 4);
	printf("%d %d %d %d %d\n", 1 << 2 + 1, 1 + 2 << 3, 16 >> 2 >> 1,
	    1 < 2 == 1, 3 & 1 == 1);
	printf("%d %d %d %d %d\n", 6 & 3 | 8, 6 ^ 3 & 5, 1 | 2 ^ 3,
	    0 && 1 || 1, 1 || 0 && 0);
	printf("%d %d %d\n", 1 ^^ 1 ^^ 1, 0 || 1 ^^ 1, 1 ^^ 1 && 0);
	printf("%d %d %d %d %d %d\n", -2 * -3, - -1, ~0 + 1, !0 + 1,
	    -10 / 3, -10 % 3);
	printf("%d %d %d %d\n", 1 ? 2 : 3 ? 4 : 5, 0 ? 2 : 0 ? 4 : 5,
	    2 + 3 * 4 - 10 / 2 % 3, 1 - 2 + 3);
	printf("%d %d %d %d %d %d %d\n", 2 * 3 / 4, 2 * (3 / 4), 7 - -3 * 2,
	    ~1 & 7, !1 | 2, 1 < 2 < 3, 3 > 2 > 1);
	printf("%d %d\n", 5 == 5 != 0, 1 << 3 >> 1 << 2);
}

BEGIN
{
	one = 1; two = 2; three = 3; four = 4; five = 5; six = 6;
	eight = 8; ten = 10; sixteen = 16; hundred = 100; zero = 0;
}

BEGIN
{
	printf("%d %d %d %d %d\n", one + two * three, (one + two) * three,
	    ten - four - three, hundred / ten / five, two * three % four);
	printf("%d %d %d %d %d\n", one << two + one, one + two << three,
	    sixteen >> two >> one, one < two == one, three & one == one);
	printf("%d %d %d %d %d\n", six & three | eight, six ^ three & five,
	    one | two ^ three, zero && one || one, one || zero && zero);
	printf("%d %d %d\n", one ^^ one ^^ one, zero || one ^^ one,
	    one ^^ one && zero);
	printf("%d %d %d %d %d %d\n", -two * -three, - -one, ~zero + one,
	    !zero + one, -ten / three, -ten % three);
	printf("%d %d %d %d\n", one ? two : three ? four : five,
	    zero ? two : zero ? four : five,
	    two + three * four - ten / two % three, one - two + three);
	printf("%d %d %d %d %d %d %d\n", two * three / four,
	    two * (three / four), six + one - -three * two, ~one & 7,
	    !one | two, one < two < three, three > two > one);
	printf("%d %d\n", five == five != zero, one << three >> one << two);
	exit(0);
}
