/* exit() requires an integer argument. */
BEGIN
{
	exit("one");
}
