/*
 * A pointer variable is assigned a compatible pointer or NULL (0): no
 * other integer.
 */
BEGIN
{
	p = (int *)alloca(4);
	p = 5;
}
