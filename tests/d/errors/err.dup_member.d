/* A struct may not have two members of a name (dtrace's type library's
 * error, with no more specific tag). */
struct s {
	int a;
	char b;
	long a;
};
