/* -x aggrate=-5ms: dtrace refuses the value */
BEGIN
{
	exit(0);
}
