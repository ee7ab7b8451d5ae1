/*
 * Without quiet, the dump starts on its own line after the probe columns,
 * and other data of the clause follows it.
 */
BEGIN
{
	p = (char *)alloca(4);
	p[0] = 'a';
	p[1] = 'b';
	p[2] = 0;
	p[3] = 3;
	tracemem(p, 4);
	trace(7);
	exit(0);
}
