/* -x aggsortkeypos=x: dtrace refuses the value */
BEGIN
{
	exit(0);
}
