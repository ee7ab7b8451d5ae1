/*
 * A pointer variable is assigned a pointer to the same type or a void
 * pointer only.
 */
BEGIN
{
	p = (int *)alloca(4);
	p = (char *)alloca(1);
}
