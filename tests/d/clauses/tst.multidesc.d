/*
 * A clause may list several probe descriptions; it runs for each probe
 * matched, in any of the accepted description forms (with globbing).
 */
#pragma D option quiet

int n;

BEGIN, END
{
	printf("both %s %d\n", probename, ++n);
}

dtrace:::BEGIN,
dtrace::*:END
{
	printf("full %s\n", probename);
}

:::BEGIN, dtrace:::EN?
{
	printf("short %s\n", probename);
}

dtrace:::BEG*
{
	printf("glob %s\n", probename);
	exit(0);
}
