/* An unknown #pragma D directive is an error. */
#pragma D nosuchpragma
BEGIN
{
	exit(0);
}
