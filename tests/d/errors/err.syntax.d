/* A syntax error is reported at the offending token. */
BEGIN
{
	x = 1;
	x = x +;
	exit(0);
}
