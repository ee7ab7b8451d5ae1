/* A translated pointer may only be dereferenced: it is not a value. */
struct out_t { int a; };
translator struct out_t < int x > { a = x; };

BEGIN
{
	p = xlate <struct out_t *>(1);
}
