/*
 * A speculate() in an if/else branch makes the clause's record speculative
 * only when the branch runs.
 */
#pragma D option quiet

BEGIN
{
	s = speculation();
}

BEGIN, tick-1ms
{
	if (n++ == 0) {
		speculate(s);
	}
	printf("%s\n", n == 1 ? "speculative" : "principal");
}

tick-1ms
/n == 2/
{
	commit(s);
}

tick-1ms
/n == 2/
{
	exit(0);
}
