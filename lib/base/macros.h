/*
 * macros.h - the values of D's macro variables ($1..$n, $target, $pid,
 * ...): set by the consumer through the API, expanded by the parser.
 */
#ifndef DT_MACROS_H
#define DT_MACROS_H

struct dt_macros {		/* macro variables for $1..$n, $target, ... */
	int argc;
	char **argv;		/* argv[0] is $0 (script name), argv[1] is
				   $1 ... */
	long long target, pid, ppid, uid, gid, pgid, sid, projid, taskid;
	int target_set;		/* 0 if no -c/-p: $target expands to 0 */
	int defaultargs;	/* -x defaultargs: an unset $N in an
				   expression is 0 and $$N is "" */
};

#endif
