/*
 * The ring policy keeps the most recent records that fit in the buffer
 * and prints them, oldest first, when tracing stops.  Each printf()
 * record here takes 16 bytes, exit()'s 12 and END's 8: with bufsize=64,
 * of 300 records, the exit() and END, the last two printf() records are
 * kept.  A full ring is not a drop.
 */
#pragma D option bufpolicy=ring
#pragma D option bufsize=64
#pragma D option quiet

int n;

tick-1ms
/n < 300/
{
	printf("%d\n", n++);
}

tick-1ms
/n == 300/
{
	exit(0);
}

END
{
	printf("end\n");
}
