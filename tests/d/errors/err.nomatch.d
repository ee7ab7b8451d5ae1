/* A probe description that matches no probe is an error without -Z. */
BEGIN
{
	exit(0);
}



nosuch:::probe
{
	exit(1);
}
