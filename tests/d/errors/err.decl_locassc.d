/* this-> variables are never associative arrays. */
this int x[int];

BEGIN
{
	exit(0);
}
