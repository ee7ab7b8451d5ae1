/*
 * -x quiet suppresses the heading, the probe prefixes and the
 * "matched N probes" notice; only explicitly traced data is printed.
 */


BEGIN
{
}

BEGIN
{
	printf("hello\n");
	trace(42);
	trace("\n");
	exit(0);
}
