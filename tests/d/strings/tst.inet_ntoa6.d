/*
 * inet_ntoa6(): an IPv6 address at a kernel address as DTrace writes it:
 * 16-bit groups in lower-case hex without leading zeros, the longest run
 * of zero groups (the first of equal runs; even a single group) as "::",
 * and an IPv4-mapped or IPv4-compatible address as its IPv4 dotted quad
 * alone (inet_ntop() keeps the IPv6 prefix).  The addresses come from the
 * workload's writes (inet_write.pl), copied in:
 * @ fe80:0000:0000:0000:0214:4fff:fe0b:76c8	link-local
 * @ 1080:0000:0000:0000:0808:000c:417a:0000	the longer run first
 * @ 2001:0db8:0000:0000:0001:0000:0000:0000	the longer run last
 * @ 2001:0000:0000:1000:0000:0000:1000:0001	the first of equal runs, but a run
 * @ 2001:0000:0000:0001:0000:0000:0001:0001	followed by a group below 0x100 counts
 * @ 2001:0db8:0000:0000:0001:0000:0000:0001	one byte longer (DTrace's rule)
 * @ 0000:0000:0000:0000:0000:0000:0000:0001	loopback
 * @ 0000:0000:0000:0000:0000:0000:0000:0000	unspecified
 * @ fe12:3456:789a:bcde:0214:0000:0000:0000	ending in zeros
 * @ fe12:3456:789a:bcde:0214:4fff:fe0b:0000	one zero group at the end
 * @ 0000:3456:789a:bcde:0214:4fff:fe0b:76c8	one zero group at the start
 * @ 2001:0db8:0001:0000:0001:0001:0001:0001	one zero group inside
 * @ 0001:0000:0000:0000:0000:0000:0000:0000	one group, then zeros
 * @ ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff	no zeros, the longest text
 * @ 00ab:0a00:0000:000c:abcd:0100:1000:0001	leading zeros dropped
 * @ 0000:0000:0000:0000:0000:ffff:7f00:0001	IPv4-mapped
 * @ 0000:0000:0000:0000:0000:ffff:0000:0000	IPv4-mapped 0.0.0.0
 * @ 0000:0000:0000:0000:0000:0000:c0a8:0101	IPv4-compatible
 * @ 0000:0000:0000:0000:0000:0000:0000:0002	IPv4-compatible ::0.0.0.2
 * @ 0000:0000:0000:0000:0000:fffe:7f00:0001	neither
 * @ 0000:0000:0000:0001:0000:ffff:7f00:0001	neither
 */
#pragma D option quiet

syscall::write:entry
/pid == $target && arg2 == 16/
{
	printf("%s\n", inet_ntoa6((struct in6_addr *)copyin(arg1, 16)));
}
