/* No translator from the operand's type: D_XLATE_NONE. */
struct in_t { int x; };
struct out_t { int a; };
translator struct out_t < struct in_t *P > { a = P->x; };

BEGIN
{
	trace(xlate <struct out_t *>(curthread)->a);
}
