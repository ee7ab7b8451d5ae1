/*
 * Assigning NULL or 0 to a string dynamic variable deletes it: in a
 * dynamic variable space of one variable, each is freed before the next
 * is stored, so none is dropped.
 */
#pragma D option quiet
#pragma D option dynvarsize=1

BEGIN
{
	a[1] = "x";
	a[1] = 0;
	a[2] = "y";
	printf("[%s]\n", a[2]);
	a[2] = NULL;
	self->s = "z";
	printf("[%s]\n", self->s);
	self->s = 0;
	a[3] = "w";
	printf("[%s] [%s] [%s]\n", a[3], a[2], self->s);
	exit(0);
}
