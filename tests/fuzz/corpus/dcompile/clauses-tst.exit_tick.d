/*
 * After exit() no further probe firings are processed (only END): a fast
 * tick probe that calls exit() on its third firing produces three lines.
 */
#pragma D option quiet

int n;

tick-1ms
{
	printf("tick %d\n", ++n);
}

tick-1ms
/n == 3/
{
	exit(0);
}

END
{
	printf("end %d\n", n);
}
