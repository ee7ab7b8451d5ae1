/*
 * Logical operators &&, || and ^^ and !: results are 0 or 1, && and ||
 * short-circuit (the right operand's side effect must not happen), ^^
 * always evaluates both operands.
 */
#pragma D option quiet

int n, r, t, f;

BEGIN
{
	printf("%d %d %d %d\n", 5 && 7, 0 || -3, 0 && 1, 0 || 0);
	printf("%d %d %d %d\n", 1 ^^ 0, 2 ^^ 3, 0 ^^ 0, 0 ^^ -1);
	printf("%d %d %d %d\n", !0, !7, !!7, !-1);
}

BEGIN
{
	t = 7; f = 0; n = 0;
	printf("%d %d %d %d\n", t && t, f || t, t && f, f || f);
	printf("%d %d %d %d\n", t ^^ f, t ^^ t, f ^^ f, f ^^ t);
	printf("%d %d %d %d\n", !f, !t, !!t, !(t - 7));

	r = f && n++;
	printf("%d %d\n", r, n);
	r = t || n++;
	printf("%d %d\n", r, n);
	r = t && n++;
	printf("%d %d\n", r, n);
	r = f || n++;
	printf("%d %d\n", r, n);
	r = t ^^ n++;
	printf("%d %d\n", r, n);
	r = f ^^ n++;
	printf("%d %d\n", r, n);
	r = n > 100 && ++n;
	printf("%d %d\n", r, n);
	r = n < 100 || ++n;
	printf("%d %d\n", r, n);
	r = (n++ && f) || (n++ && t);
	printf("%d %d\n", r, n);
}

BEGIN
/n++ > 100 || n++ > 100/
{
	printf("not reached\n");
}

BEGIN
/f && n++/
{
	printf("not reached either\n");
}

BEGIN
{
	printf("%d\n", n);
	exit(0);
}
