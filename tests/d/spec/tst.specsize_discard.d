/*
 * Speculative drops are reported even if the speculation is discarded;
 * specsize=0 leaves room for no record at all.
 */
#pragma D option quiet
#pragma D option specsize=0

BEGIN
{
	s = speculation();
	speculate(s);
	printf("dropped\n");
}

BEGIN
{
	discard(s);
}

BEGIN
{
	printf("end\n");
	exit(0);
}
