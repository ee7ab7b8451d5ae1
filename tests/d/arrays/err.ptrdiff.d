/* Only pointers to the same type can be subtracted. */
BEGIN
{
	trace((int *)curthread - (long *)curthread);
}
