/*
 * countdown.d - the Guide's tick examples: a counter set in BEGIN,
 * decremented each second, the program ending itself with exit().
 */
dtrace:::BEGIN
{
	i = 3;
}

profile:::tick-1sec
/i > 0/
{
	trace(i--);
}

profile:::tick-1sec
/i == 0/
{
	trace("blastoff!");
	exit(0);
}
