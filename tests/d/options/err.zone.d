/*
 * -x zone: Linux has no zones, so every zone name is refused as an
 * invalid value (as DTrace refuses a zone that does not exist).
 */
BEGIN
{
	exit(0);
}
