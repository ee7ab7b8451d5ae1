/*
 * The fill policy: tracing on a CPU stops when its buffer is full, the
 * consumer notices at the next status check, stops tracing, runs END and
 * prints everything.  Each printf() record here takes 16 bytes; with
 * bufsize=64 END's 16 bytes are reserved, so three records fit and the
 * clause whose record does not fit marks the buffer full: it and every
 * later clause on that CPU do not run (n stays 3).  END still fits.
 * Nothing calls exit(): tracing stops because the buffer filled.
 */
#pragma D option bufpolicy=fill
#pragma D option bufsize=64
#pragma D option statusrate=10ms
#pragma D option quiet

int n;

tick-1ms
{
	printf("%d\n", n++);
}

tick-1ms
{
	printf("%d\n", n++);
}

tick-1ms
/n >= 100/
{
	exit(1);
}

END
{
	printf("end %d\n", n);
}
