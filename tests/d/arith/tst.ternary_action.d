/*
 * A ?: whose condition is a constant (a literal, an inline option flag, an
 * expression of them) is the branch it chooses, as dtrace folds it while
 * parsing: an action, an aggregation or an expression, the other branch
 * never compiled.  The idiom of the DTraceToolkit's dtruss and opensnoop.
 */
#pragma D option quiet

inline int OPT_printid = 1;
inline int OPT_quiet = 0;

BEGIN
{
	1 ? printf("yes\n") : 1;
	0 ? printf("no\n") : printf("else\n");
	OPT_printid ? printf("%5d/%d:  ", 12, 34) : 1;
	printf("call\n");
	OPT_quiet ? printf("quiet\n") : 1;
	OPT_printid && !OPT_quiet ? trace("both\n") : 1;
	OPT_printid ? OPT_quiet ? printf("a\n") : printf("b\n") : printf("c\n");
	OPT_printid ? @calls["printid"] = count() : 1;
	OPT_quiet ? @calls[nosuch] = sum(1) : 1;
	x = OPT_printid ? 10 : nosuch;
	printf("%d %d\n", x, sizeof (OPT_quiet ? 1L : (char)2));
	exit(0);
}
