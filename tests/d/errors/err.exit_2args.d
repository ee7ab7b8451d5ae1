/* exit() takes exactly one argument. */
BEGIN
{
	exit(1, 2);
}
