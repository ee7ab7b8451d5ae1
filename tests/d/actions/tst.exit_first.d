/*
 * Only the first exit() counts: the rest of its clause still runs, later
 * clauses of the same firing do not, END fires once, and dtrace exits
 * with the first status.
 */
#pragma D option quiet

BEGIN
{
	exit(3);
	printf("rest of the exit() clause\n");
}

BEGIN
{
	printf("not reached\n");
	exit(4);
}

END
{
	printf("END %d\n", ++ends);
}
