/* D has no floating-point arithmetic: a double is not an arithmetic operand. */
struct s {
	double d;
};

BEGIN
{
	p = (struct s *)alloca(sizeof (struct s));
	x = p->d * 2;
	exit(0);
}
