/*
 * postgresql.d - the argument types of PostgreSQL's USDT probes
 * (provider postgresql, built --enable-dtrace), as its
 * src/backend/utils/probes.d declares them: the probes whose arguments
 * have not changed between releases (transactions, queries, statement
 * status).  Its other probes keep the types the provider gives them.
 * LocalTransactionId is an unsigned int; the strings are the process's:
 * copyinstr(args[0]).
 */

provider postgresql {
	probe transaction__start(unsigned int);
	probe transaction__commit(unsigned int);
	probe transaction__abort(unsigned int);

	probe query__parse__start(const char *);
	probe query__parse__done(const char *);
	probe query__rewrite__start(const char *);
	probe query__rewrite__done(const char *);
	probe query__plan__start();
	probe query__plan__done();
	probe query__execute__start();
	probe query__execute__done();
	probe query__start(const char *);
	probe query__done(const char *);
	probe statement__status(const char *);
};
