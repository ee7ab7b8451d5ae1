/* A translated value is only used through its members, for now. */
struct out_t { int a; };
translator struct out_t < int x > { a = x; };

BEGIN
{
	p = xlate <struct out_t *>(1);
}
