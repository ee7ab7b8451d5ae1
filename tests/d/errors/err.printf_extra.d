/* printf() rejects arguments beyond those its format consumes. */
BEGIN
{
	printf("%d\n", 1, 2);
	exit(0);
}
