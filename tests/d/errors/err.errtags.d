/* -x errtags: the error's tag, as dtrace prints it, before its line. */
BEGIN
{
	x = 1 + "a";
	exit(0);
}
