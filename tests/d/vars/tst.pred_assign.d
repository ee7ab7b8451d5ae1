/*
 * A variable first assigned in a predicate is known in the clause's
 * actions, one first assigned in the actions is known in the predicate,
 * and both at once: each is typed by its first assignment in source
 * order.
 */
#pragma D option quiet

BEGIN
/(this->x = 5) > 0/
{
	printf("this->x %d\n", this->x);
}

BEGIN
/(self->t = timestamp) != 0/
{
	printf("self->t %d %s\n", sizeof (self->t), self->t > 0 ? "set" : "unset");
}

BEGIN
/(n = 3) == 3/
{
	printf("n %d %d\n", n, sizeof (n));
}

BEGIN
/m == 0/
{
	m = 7;
	printf("m %d\n", m);
}

BEGIN
/k == 0 && (j = 2) == 2/
{
	k = (char)1;
	printf("j %d k %d %d %d\n", j, k, sizeof (j), sizeof (k));
}

BEGIN
/(c = (char)1) != 0/
{
	c = 300;
	printf("c %d\n", sizeof (c));
}

BEGIN
{
	exit(0);
}
