/* tracemem() rejects this at compile time with dtrace's message */
BEGIN
{
	p = (char *)alloca(8);
	n = 4;
	tracemem(p, n);
}
