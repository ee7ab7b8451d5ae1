/*
 * The command is formatted into a buffer of strsize bytes, as DTrace's
 * is: at most strsize - 1 characters reach the shell.
 */
#pragma D option quiet
#pragma D option destructive
#pragma D option strsize=16

BEGIN
{
	system("echo 0123456789abcdefghij");
	system("echo %s%d", "abcdefgh", 123456789);
	exit(0);
}
