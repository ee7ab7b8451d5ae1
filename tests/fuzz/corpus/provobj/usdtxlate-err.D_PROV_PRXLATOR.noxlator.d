/* A translated argument type no translator reaches: D_PROV_PRXLATOR. */
typedef struct httpd_request { int fd; char *url; } httpd_request_t;
typedef struct conninfo { int ci_fd; } conninfo_t;

provider myserv {
	probe request__start(httpd_request_t *p) : (conninfo_t *p);
};
