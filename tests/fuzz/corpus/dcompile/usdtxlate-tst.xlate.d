/*
 * xlate <T>(x) explicitly, with the translator a provider definition
 * names in scope: the member computed from the input.
 */
#pragma D option quiet

typedef struct conninfo { int ci_fd; int ci_twice; } conninfo_t;
translator conninfo_t < int fd > { ci_fd = fd; ci_twice = fd * 2; };

provider myserv {
	probe accept(int fd) : (conninfo_t fd);
};

BEGIN
{
	printf("%d %d\n", xlate <conninfo_t> (21).ci_fd, xlate <conninfo_t> (21).ci_twice);
	exit(0);
}
