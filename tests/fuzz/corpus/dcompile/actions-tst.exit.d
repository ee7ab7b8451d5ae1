/* exit(n) ends tracing, fires END and becomes dtrace's exit status */
#pragma D option quiet
BEGIN
{
	printf("begin\n");
	exit(7);
}

END
{
	printf("end\n");
}
