/* Two pointers cannot be added. */
BEGIN
{
	trace((int *)curthread + (int *)curthread);
}
