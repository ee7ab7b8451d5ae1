/* -x aggrate=10parsecs: dtrace refuses the value */
BEGIN
{
	exit(0);
}
