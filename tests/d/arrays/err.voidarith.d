/* Arithmetic on a void pointer has no object size. */
BEGIN
{
	p = (void *)curthread;
	trace(p + 1);
}
