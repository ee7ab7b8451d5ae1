/*
 * system() runs its formatted command once the output before it is
 * flushed, so the command's output falls in record order.
 */
#pragma D option quiet
#pragma D option destructive

BEGIN
{
	this->a = 9;
	this->b = -2;
	printf("before\n");
	system("echo %d %d", this->a, this->b);
	printf("between\n");
	system("echo %s %s %d", "str", probename, ++this->a);
	system("printf '%%s|%%5d|\\n' %x %d", 255, 7);
	printf("after\n");
}

BEGIN
{
	system("exit 3");
	system("echo %s", strjoin("join", "ed"));
	exit(0);
}

END
{
	system("echo end %d", 1);
}
