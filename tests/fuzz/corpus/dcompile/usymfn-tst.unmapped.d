/*
 * Addresses no mapping of the process holds (here dtrace's own, in
 * BEGIN) print as 0x<hex>, in a string's 50-column field after two
 * spaces, as statements and aggregation keys (one row per address:
 * uaddr() keys do not merge); printa's %A of a uaddr() key prints its
 * text as %a would, without -p/-c.
 */

#pragma D option quiet
BEGIN
{
	usym(0);
	ufunc(0x10);
	umod(1);
	uaddr(0x1234);
	printf("|\n");
	@a[uaddr(0x10)] = count();
	@a[uaddr(0x10)] = count();
	@a[uaddr(0x20)] = count();
	@u[umod(8), "m"] = sum(3);
	exit(0);
}

END
{
	printa("[%-8A] %@d\n", @a);
}
