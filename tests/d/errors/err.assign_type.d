/* A variable keeps the type of its first assignment. */
BEGIN
{
	x = 3;
	x = "abc";
	exit(0);
}
