/* exit() may never be speculative */
BEGIN
{
	speculate(1);
	exit(0);
}
