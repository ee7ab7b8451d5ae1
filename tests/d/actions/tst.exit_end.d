/*
 * exit() in END replaces the status: END is where DTrace honors a new
 * exit code.  END's later clauses still run.
 */
#pragma D option quiet

BEGIN
{
	exit(1);
}

END
{
	exit(0);
}

END
{
	printf("second END clause\n");
}
