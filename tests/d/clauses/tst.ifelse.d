/*
 * if/else statements: true and false branches, else-if chains, nesting,
 * single statements without braces, and conditions with side effects.
 */
#pragma D option quiet

int x, n;

BEGIN
{
	x = 5;
	if (x > 3) {
		printf("a\n");
	} else {
		printf("b\n");
	}

	if (x < 3) {
		printf("c\n");
	} else {
		printf("d\n");
	}

	if (x == 1) {
		printf("one\n");
	} else if (x == 5) {
		printf("five\n");
	} else {
		printf("other\n");
	}

	if (x > 0) {
		if (x > 10) {
			printf("big\n");
		} else {
			printf("small\n");
			x = x * 3;
		}
	}
	printf("x = %d\n", x);

	if (x == 15)
		printf("single true\n");
	else
		printf("single false\n");

	if (0)
		printf("not reached\n");

	if (n++ == 0 && n++ == 1) {
		printf("n = %d\n", n);
	}

	if (x) {
	}
	printf("after empty\n");
	exit(0);
}
