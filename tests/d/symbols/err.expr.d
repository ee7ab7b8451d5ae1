/* sym(), func() and mod() are tracing functions: not values in an expression */
BEGIN
{
	trace(func(0));
}
