/* strtok(): successive tokens with NULL, runs of delimiters, several
 * delimiters, a new string restarting, and the end (NULL, printed ""). */
#pragma D option quiet

BEGIN
{
	printf("[%s]", strtok("  one two,,three ", " ,"));
	printf("[%s]", strtok(NULL, " ,"));
	printf("[%s]", strtok(NULL, " ,"));
	printf("[%s]", strtok(NULL, " ,"));
	printf("[%s]\n", strtok(NULL, " ,"));
	printf("[%s]", strtok("a=b", "="));
	printf("[%s]", strtok(NULL, ""));
	printf("[%s]", strtok(",,,", ","));
	printf("[%s]\n", strtok("", ","));
	exit(0);
}
