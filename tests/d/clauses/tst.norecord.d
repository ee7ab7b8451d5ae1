/*
 * A clause whose statements record nothing (assignments only) writes no
 * record, so no probe line is printed for it even without -q; an empty
 * clause gets the default action and prints the probe line.
 */
BEGIN
{
	x = 1;
	self->y = 2;
}

BEGIN
{
}

BEGIN
/x == 1/
{
	exit(0);
}
