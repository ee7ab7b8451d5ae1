/*
 * The Dynamic Tracing Guide's rwinfo.d (Structs and Unions): an
 * associative array of structs keyed by the system call's name, members
 * read, assigned, incremented and added to in predicates and actions.
 * Only stable values are printed: the command (/bin/echo hello) writes
 * its 6 bytes once and reads at least once.
 */
#pragma D option quiet

struct callinfo {
	uint64_t ts;      /* timestamp of last syscall entry */
	uint64_t elapsed; /* total elapsed time in nanoseconds */
	uint64_t calls;   /* number of calls made */
	size_t maxbytes;  /* maximum byte count argument */
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
	printf("  read  %5d  %9d  %d\n", i["read"].calls >= 1,
	    i["read"].maxbytes > 0, i["read"].elapsed > 0);
	printf(" write  %5d  %9d  %d\n", i["write"].calls, i["write"].maxbytes,
	    i["write"].elapsed > 0);
	printf("never   %5d  %9d  %d\n", i["open"].calls, i["open"].maxbytes,
	    i["open"].elapsed);
}
