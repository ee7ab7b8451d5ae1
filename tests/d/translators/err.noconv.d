/* A member the translator does not define: D_XLATE_NOCONV. */
struct out_t { int a; int b; };
translator struct out_t < int x > { a = x; };

BEGIN
{
	trace(xlate <struct out_t>(1).b);
}
