/* sym(), func() and mod() take one kernel address (uintptr_t) */
BEGIN
{
	func("x");
}
