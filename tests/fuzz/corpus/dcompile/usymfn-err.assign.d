/* usym(), ufunc(), umod() and uaddr() are tracing functions, as dtrace's:
 * a statement of their own or an aggregation key, not a value */
BEGIN
{
	x = uaddr(0) + 1;
}
