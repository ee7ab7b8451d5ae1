/*
 * Provider definitions that DTrace accepts: translated types reached by a
 * translator, by assignment (int to long) or as strings from char *,
 * arguments reordered by name, (void), no output prototype, and the same
 * provider declared again identically.
 */
#pragma D option quiet

typedef struct httpd_request { int fd; char *url; } httpd_request_t;
typedef struct conninfo { int ci_fd; } conninfo_t;
translator conninfo_t < httpd_request_t *r > { ci_fd = r->fd; };

provider myserv {
	probe request__start(httpd_request_t *p, char *u) : (conninfo_t *p, string u);
	probe done(int a, long b) : (long b, long a);
	probe idle(void);
	probe plain(int, char *);
};

provider myserv {
	probe request__start(httpd_request_t *p, char *u) : (conninfo_t *p, string u);
};

BEGIN
{
	printf("declared\n");
	exit(0);
}
