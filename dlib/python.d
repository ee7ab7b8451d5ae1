/*
 * python.d - the argument types of CPython's USDT probes (provider
 * python, built --with-dtrace: Debian's python3 is), as CPython's own
 * Include/pydtrace.d declares them, so that args[] of python1234:::
 * probes are typed and dtrace -lv lists them.  The strings are the
 * process's: copyinstr(args[0]).
 */

provider python {
	probe function__entry(const char *filename, const char *funcname, int lineno);
	probe function__return(const char *filename, const char *funcname, int lineno);
	probe instance__new__start(const char *, const char *);
	probe instance__new__done(const char *, const char *);
	probe instance__delete__start(const char *, const char *);
	probe instance__delete__done(const char *, const char *);
	probe line(const char *filename, const char *funcname, int lineno);
	probe gc__start(int generation);
	probe gc__done(long collected);
	probe import__find__load__start(const char *modname);
	probe import__find__load__done(const char *modname, int found);
	probe audit(const char *event, void *args);
};
