/* exit() takes exactly one argument. */
BEGIN
{
	exit();
}
