/*
 * -x errtags tags what code generation refuses when the program loads:
 * strings nested deeper than the temporaries it has (as dtrace reports
 * an expression needing more registers than there are).
 */
BEGIN
{
	x = strjoin("a", strjoin("b", strjoin("c", strjoin("d",
	    strjoin("e", strjoin("f", strjoin("g", strjoin("h", "i"))))))));
	exit(0);
}
