/* -x errtags: the error's tag, as dtrace prints it, before its line. */
BEGIN
{
	x = "b" + "a";
	exit(0);
}
