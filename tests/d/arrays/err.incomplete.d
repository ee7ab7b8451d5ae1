/* A variable of a struct type that is only declared is an error. */
struct later;
struct later v;

BEGIN
{
	exit(0);
}
