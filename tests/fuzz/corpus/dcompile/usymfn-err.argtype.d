/* usym(), ufunc(), umod() and uaddr() take one user address (uintptr_t) */
BEGIN
{
	umod("x");
}
