/*
 * Records whose strings are written packed (cg/strtail.c) print as
 * before: strings mixed with integers, several strings in one printf(),
 * empty strings, a string of strsize characters (and one cut there),
 * trace() of strings around other values, a char array, a string in a
 * branch not taken, strings from variables and subroutines, and execname
 * alone in a record.
 */
#pragma D option quiet
#pragma D option strsize=16

char c[4];
BEGIN
{
	s = "0123456789abcdef";		/* 16: cut to strsize */
	t = "";
	this->x = "this";
	c[0] = 'h'; c[1] = 'i';
}

BEGIN
{
	printf("[%s|%d|%s|%s|%d|%s]\n", "a", 1, "", "longer string", -2, s);
	printf("[%s][%s][%s]\n", t, t, "z");
	printf("%s-%s-%s\n", execname, probename, strjoin(this->x, "!"));
	trace("one");
	trace(7);
	trace("");
	trace(substr("abcdefghijklmno", 10));
	trace(c);
	printf("\n");
	if (t == "x") {
		printf("not this %s\n", "branch");
	} else {
		printf("%s %d\n", "that branch", 3);
	}
	printf("%-6s|%6s|%.2s|\n", "l", "r", "prec");
}

/* execname alone: the record's size is a constant (cg/strtail.c) */
BEGIN
{
	printf("<%s>\n", execname);
}

BEGIN
{
	trace(1);
	trace(execname);
	printf("|\n");
}

BEGIN
{
	exit(0);
}
