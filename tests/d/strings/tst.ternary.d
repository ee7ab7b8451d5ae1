/* String ternaries: in printf, trace, assignments, keys and comparisons. */
#pragma D option quiet

BEGIN
{
	x = 1;
	y = 0;
	printf("%s %s\n", x ? "yes" : "no", y ? "yes" : "no");
	s = x > y ? "greater" : "not greater";
	a[y ? "one" : "zero"] = 5;
	printf("%s %d %d\n", s, a["zero"], (x ? "abc" : "xyz") == "abc");
	trace(y ? execname : "constant");
	printf("\n%s\n", x ? strjoin("a", "b") : "c");
	exit(0);
}
