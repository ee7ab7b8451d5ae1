/*
 * Keyless aggregations (each a one-entry per-CPU array, not a hash) print
 * as a hash's one key would: several at once, printa() alone and joined,
 * normalize(), clear() keeping the entry (0), trunc() removing it (and
 * trunc(@, 1) keeping it), one never fired printing nothing, and those
 * not printed by printa() printed at the end.
 */
#pragma D option quiet

BEGIN
{
	@c = count();
	@c = count();
	@c = count();
	@c = count();
	@s = sum(0);
	@m = min(5);
	@m = min(-3);
	@x = max(7);
	@a = avg(4);
	@a = avg(8);
	@d = stddev(2);
	@q = quantize(3);
	@l = lquantize(3, 0, 5, 1);
}

tick-1ms
/0/
{
	@never = count();
}

tick-100ms
{
	printf("joined: ");
	printa("%@d %@d %@d\n", @c, @s, @m);
	printa(@never);
	printf("normalized:");
	normalize(@c, 2);
	printa(@c);
	denormalize(@c);
	clear(@c);
	clear(@s);
	printf("cleared:");
	printa("%@d %@d\n", @c, @s);
	trunc(@m);
	printf("truncated:");
	printa(@m);
	trunc(@x, 1);
	trunc(@a, 0);
	printf("end\n");
	exit(0);
}
