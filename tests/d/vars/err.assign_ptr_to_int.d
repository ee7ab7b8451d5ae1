/*
 * An integer variable is assigned integers only: a pointer is no integer
 * (dtrace: its operands must be compatible, never truncated).
 */
BEGIN
{
	x = 0;
	x = (int *)alloca(4);
}
