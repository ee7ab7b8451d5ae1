/* sym(), func() and mod() take one kernel address (uintptr_t) */
BEGIN
{
	mod(1, 2);
}
