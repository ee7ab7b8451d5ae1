/* A macro argument that was not supplied is an error. */
BEGIN
{
	x = 1;
	x = $1;
	exit(0);
}
