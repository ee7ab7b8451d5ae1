/*
 * unistd.d - the fault codes the ERROR probe passes in arg4, by the names
 * D programs use for them (DTrace's values).  Which of them Linux can
 * produce is in docs/ARCHITECTURE.md ("The ERROR probe").
 */

inline int DTRACEFLT_UNKNOWN = 0;	/* unknown fault */
inline int DTRACEFLT_BADADDR = 1;	/* bad address */
inline int DTRACEFLT_BADALIGN = 2;	/* bad alignment */
inline int DTRACEFLT_ILLOP = 3;		/* illegal operation */
inline int DTRACEFLT_DIVZERO = 4;	/* divide by zero */
inline int DTRACEFLT_NOSCRATCH = 5;	/* out of scratch space */
inline int DTRACEFLT_KPRIV = 6;		/* illegal kernel access */
inline int DTRACEFLT_UPRIV = 7;		/* illegal user access */
inline int DTRACEFLT_TUPOFLOW = 8;	/* tuple stack overflow */
inline int DTRACEFLT_BADSTACK = 9;	/* bad stack */
inline int DTRACEFLT_BADINDEX = 12;	/* scalar array index out of bounds */
inline int DTRACEFLT_LIBRARY = 1000;	/* library-level fault */
