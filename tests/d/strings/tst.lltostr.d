/* lltostr() in base 10 and other bases, with DTrace's prefixes. */
#pragma D option quiet

BEGIN
{
	printf("[%s][%s][%s][%s]\n", lltostr(0), lltostr(12345), lltostr(-42),
	    lltostr(9223372036854775807));
	printf("[%s][%s][%s][%s]\n", lltostr(255, 16), lltostr(0, 16), lltostr(8, 8),
	    lltostr(5, 2));
	printf("[%s][%s]\n", lltostr(-1, 16), lltostr(35, 36));
	exit(0);
}
