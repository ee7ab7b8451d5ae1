/*
 * A string key that is not printable text (the empty string, a control
 * character) is printed as dtrace dumps it: its strsize bytes, the NUL
 * and the zeros after it included.
 */
#pragma D option quiet
#pragma D option strsize=16

BEGIN
{
	@["text"] = count();
	@[""] = count();
	@["\033[0m"] = count();
	@["\033[0m"] = count();
	@["text"] = count();
	@["text"] = count();
	exit(0);
}
