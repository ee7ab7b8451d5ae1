/*
 * lockstat.d - the lockstat provider's constants: what args[2] of the
 * rw-* probes says (lib/prov/lockstat.c), by illumos' names and values
 * (<sys/rwlock.h>'s krw_t: Solaris-only, written by hand).
 */

inline int RW_WRITER = 0;		/* the waiter wanted to write */
inline int RW_READER = 1;		/* the waiter wanted to read */
