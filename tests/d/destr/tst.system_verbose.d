/* Without quiet: the probe line, then the command's output, in order. */
BEGIN
{
	system("echo %d", 42);
	exit(0);
}
