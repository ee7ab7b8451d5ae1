/*
 * The BEGIN clause faults before its exit(1), so that exit never happens;
 * the ERROR clause's exit(0) ends tracing instead, and END still fires.
 */
#pragma D option quiet

ERROR
{
	printf("ERROR fired\n");
	exit(0);
}

END
{
	printf("END fired after exit\n");
}

BEGIN
{
	*(char *)NULL;
	exit(1);
}
