/* A struct element is assigned a struct, or 0 to delete it (D_OP_INCOMPAT). */
struct s {
	int a;
};

struct s v[int];

BEGIN
{
	v[1] = 1;
	exit(0);
}
