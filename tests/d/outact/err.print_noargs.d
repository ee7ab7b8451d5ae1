/* print() rejects this at compile time with dtrace's message */
BEGIN
{
	p = (int *)alloca(8);
	print();
}
