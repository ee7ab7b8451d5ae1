/*
 * An integer variable holds 64 bits whatever literal was first assigned
 * to it, as dtrace's variables hold the whole DIF register: globals,
 * self->, this-> and associative array values keep a later, wider value
 * whole for deltas, comparisons and aggregations; only what records the
 * variable at its type's size (trace, printf) shows fewer bits.  An
 * integer key is its whole value, whatever the first key's type, and an
 * aggregation's keys print at the widest key's type.  NULL is a long 0.
 */
#pragma D option quiet

BEGIN
{
	t = 0;
	self->t = 0;
	a["t"] = 0;
	this->t = 0;
	t = 0x100000005;
	self->t = 0x100000006;
	this->t = 0x100000007;
	a["t"] = 0x100000008;
	printf("%d %d %d %d\n", t > 4294967295L, self->t > 4294967295L,
	    this->t > 4294967295L, a["t"] > 4294967295L);
	printf("%d %d %d %d\n", t, self->t, this->t, a["t"]);
	x = 0;
	x = -1;
	trace(x);
	printf(" %d %d\n", x, x < 0);
	k[0] = 1;
	k[0x100000000] = 2;
	printf("%d %d\n", k[0], k[0x100000000]);
	n = NULL;
	n = 0x100000000;
	printf("%d %d\n", sizeof (n), n > 0);
	@sum = sum(t);
	@keys[0] = count();
	@keys[-1] = count();
	@keys[0x100000005] = count();
	start = 0;
}

tick-10ms
/start == 0/
{
	start = timestamp;
}

tick-10ms
/start != 0 && timestamp - start >= 30000000/
{
	printf("delta %s\n", timestamp - start < 10000000000 ? "ok" : "wrong");
	exit(0);
}
