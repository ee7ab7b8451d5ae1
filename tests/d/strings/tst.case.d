/* toupper() and tolower() change only letters. */
#pragma D option quiet

BEGIN
{
	printf("[%s][%s][%s]\n", toupper("Hello, World 42!"), tolower("Hello, World 42!"),
	    toupper(""));
	printf("[%s]\n", tolower(toupper(execname)));
	exit(0);
}
