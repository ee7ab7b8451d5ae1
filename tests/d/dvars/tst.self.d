/* Thread-local and clause-local variables. */
#pragma D option quiet

self int declared;

BEGIN
{
	self->x = 5;
	self->x++;
	self->declared += 2;
	this->y = 3;
	this->y *= 2;
}

BEGIN
{
	/* this-> lives across the clauses of one firing */
	printf("%d %d %d %d %d\n", self->x, self->declared, this->y, self->declared - 2, sizeof (self->x));
	self->x = 0;
	printf("%d\n", self->x);
	exit(0);
}
