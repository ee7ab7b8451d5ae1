/* Only a whole dynamic struct is deleted by 0, not a struct member (D_OP_INCOMPAT). */
struct in {
	int b;
};

struct s {
	struct in in;
};

struct s v[int];

BEGIN
{
	v[1].in = 0;
	exit(0);
}
