/*
 * rwinfo.d - a D struct as the value of an associative array, in the
 * style of the Dynamic Tracing Guide's rwinfo.d: per-call statistics of
 * read and write kept in a struct, printed at the end.
 */
#pragma D option quiet

struct callinfo {
	uint64_t ts;		/* timestamp of last syscall entry */
	uint64_t elapsed;	/* total elapsed time in nanoseconds */
	uint64_t calls;		/* number of calls made */
	size_t maxbytes;	/* maximum byte count argument */
};

struct callinfo i[string];	/* associate callinfo with each syscall */

syscall::read:entry, syscall::write:entry
/pid == $target/
{
	i[probefunc].ts = timestamp;
	i[probefunc].calls++;
	i[probefunc].maxbytes = arg2 > i[probefunc].maxbytes ?
	    arg2 : i[probefunc].maxbytes;
}

syscall::read:return, syscall::write:return
/i[probefunc].ts != 0 && pid == $target/
{
	i[probefunc].elapsed += timestamp - i[probefunc].ts;
}

END
{
	printf("        calls  max bytes  elapsed nsecs\n");
	printf("------  -----  ---------  -------------\n");
	printf("  read  %5d  %9d  %d\n",
	    i["read"].calls, i["read"].maxbytes, i["read"].elapsed);
	printf(" write  %5d  %9d  %d\n",
	    i["write"].calls, i["write"].maxbytes, i["write"].elapsed);
}
