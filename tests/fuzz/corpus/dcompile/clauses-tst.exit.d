/*
 * exit() lets the rest of its clause run, but no further BEGIN clause runs
 * once a BEGIN clause has called exit(); the END clauses then run.
 */
#pragma D option quiet

BEGIN
{
	printf("first\n");
}

BEGIN
{
	exit(0);
	printf("rest of clause\n");
}

BEGIN
{
	printf("not reached\n");
}

END
{
	printf("end\n");
}
