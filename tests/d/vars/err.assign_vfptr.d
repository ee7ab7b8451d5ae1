/*
 * += on a void pointer: dtrace wants a left operand of known size.
 */
BEGIN
{
	p = (void *)alloca(4);
	p += 1;
}
