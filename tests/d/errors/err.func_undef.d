/* Calling an unknown function is an error. */
BEGIN
{
	nosuchfunc(1);
	exit(0);
}
