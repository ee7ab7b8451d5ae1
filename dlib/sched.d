/*
 * sched.d - the sched provider's stable types and constants.
 *
 * pri_t is the type of change-pri's args[2] (illumos' <sys/types.h>: a
 * short).  On Linux it holds the kernel's priority (task_struct's prio:
 * 0-99 real-time, 100-139 normal; a lower number is a higher priority,
 * the reverse of Solaris').
 *
 * The SOBJ_* values are illumos' <sys/sobject.h> (no Linux header has
 * them): the synchronization object types of lwpsinfo_t's pr_stype, for
 * scripts that compare it.  Linux does not say what a thread sleeps on,
 * so pr_stype is always SOBJ_NONE here.
 */

typedef short pri_t;

inline int SOBJ_NONE = 0;
inline int SOBJ_MUTEX = 1;
inline int SOBJ_RWLOCK = 2;
inline int SOBJ_CV = 3;
inline int SOBJ_SEMA = 4;
inline int SOBJ_USER = 5;
inline int SOBJ_USER_PI = 6;
inline int SOBJ_SHUTTLE = 7;
