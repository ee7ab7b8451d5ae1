/*
 * With the defaultargs option, macro arguments that were not supplied are
 * 0 (as $n) and the empty string (as $$n) instead of an error.
 */
#pragma D option quiet
#pragma D option defaultargs

BEGIN
{
	printf("%d [%s] %d [%s]\n", $1, $$1, $2, $$2);
	exit($2);
}
