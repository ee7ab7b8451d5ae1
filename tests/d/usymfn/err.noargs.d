/* usym(), ufunc(), umod() and uaddr() take one user address (uintptr_t) */
BEGIN
{
	@[usym()] = count();
}
