/*
 * A string is no condition, constant or not.
 */
BEGIN
{
	"a" ? printf("yes\n") : 1;
}
