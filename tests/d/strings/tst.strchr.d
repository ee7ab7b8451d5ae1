/* strchr() and strrchr(): the rest of the string from the first or last
 * occurrence of a character, "" when it does not occur. */
#pragma D option quiet

BEGIN
{
	s = "/usr/local/bin";
	printf("[%s][%s][%s][%s]\n", strchr(s, '/'), strrchr(s, '/'), strchr(s, 'l'),
	    strrchr(s, 'l'));
	printf("[%s][%s][%s]\n", strchr(s, 'z'), strchr("", 'a'), strrchr(s, 'n'));
	exit(0);
}
