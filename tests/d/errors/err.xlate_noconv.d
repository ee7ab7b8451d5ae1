/* A translator that does not convert a member cannot give it. */
struct out {
	int a;
	int b;
};

translator struct out < int x > {
	a = x;
};

BEGIN
{
	trace(xlate <struct out>(1).b);
	exit(0);
}
