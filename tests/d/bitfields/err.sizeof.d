/* sizeof cannot be applied to a bit-field. */
struct bf { int a:3; int b:5; };

BEGIN
{
	trace(sizeof (((struct bf *)&`__start_BTF)->b));
}
