/* String comparison: constants (folded), built-ins and probe names at run time. */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d\n", "abc" == "abc", "abc" < "abd", "b" > "abc");
	printf("%d %d\n", execname == "dtrace", execname != "dtrace");
	printf("%d %d %d\n", probename == "BEGIN", probeprov == "dtrace", probename < "END");
	printf("%d %d\n", execname == "dtrac", execname == "dtracex");
}

BEGIN
/execname == "dtrace"/
{
	printf("predicate\n");
	exit(0);
}
