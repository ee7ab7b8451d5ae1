/*
 * cleanpath() with a small strsize: as in DTrace, the result stops
 * before a component once it holds strsize - 5 bytes.
 */
#pragma D option quiet

BEGIN
{
	printf("%s\n", cleanpath("abcdefghijklmnopqrstuvwxyz"));
}

BEGIN
{
	printf("%s\n", cleanpath("/a/b/c/d/e/f/g/h"));
}

BEGIN
{
	printf("%s\n", cleanpath("/abc/../def/../ghi/jkl/../.."));
	exit(0);
}
