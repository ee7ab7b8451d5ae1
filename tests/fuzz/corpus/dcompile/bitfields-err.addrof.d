/* A bit-field has no address. */
struct bf { int a:3; int b:5; };

BEGIN
{
	trace(&((struct bf *)&`__start_BTF)->b);
}
