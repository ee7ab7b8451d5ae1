/* A translated struct may be assigned, traced or used through its
 * members, not used as an operand. */
struct out_t { int a; };
translator struct out_t < int x > { a = x; };

BEGIN
{
	printf("%d\n", xlate <struct out_t>(1) == 0);
}
