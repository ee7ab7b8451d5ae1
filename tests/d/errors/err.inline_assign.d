/* An inline is a value, not a variable. */
inline int LIMIT = 10;

BEGIN
{
	LIMIT = 20;
	exit(0);
}
