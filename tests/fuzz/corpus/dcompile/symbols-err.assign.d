/* sym(), func() and mod() are tracing functions: not values in an expression */
BEGIN
{
	x = mod(0) + 1;
}
