/* print() rejects this at compile time with dtrace's message */
BEGIN
{
	p = (int *)alloca(8);
	print((struct undefined_here *)p);
}
