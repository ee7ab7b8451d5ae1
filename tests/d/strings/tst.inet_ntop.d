/*
 * inet_ntop(af, addr): AF_INET (2) as inet_ntoa(), AF_INET6 (10 on
 * Linux) as inet_ntoa6() except that an IPv4-mapped or IPv4-compatible
 * address keeps its IPv6 part before the dotted quad.  The family is a
 * run-time value here: 4-byte writes are IPv4, 16-byte ones IPv6.  The
 * addresses come from the workload's writes (inet_write.pl), copied in:
 * @ 7f.00.00.01
 * @ c0.a8.01.fe
 * @ 0000:0000:0000:0000:0000:ffff:7f00:0001	IPv4-mapped
 * @ 0000:0000:0000:0000:0000:ffff:0000:0000	IPv4-mapped 0.0.0.0
 * @ 0000:0000:0000:0000:0000:0000:c0a8:0101	IPv4-compatible
 * @ 0000:0000:0000:0000:0000:0000:0000:0100	IPv4-compatible, and the zero run
 *						reaches into the IPv4 part: no "::"
 * @ 0000:0000:0000:0000:0000:0000:0000:0001	loopback: not IPv4
 * @ 0000:0000:0000:0000:0000:0000:0000:0000	unspecified: not IPv4
 * @ 0000:0000:0000:0000:0000:fffe:7f00:0001	not IPv4
 * @ fe80:0000:0000:0000:0214:4fff:fe0b:76c8
 * @ 2001:0db8:0000:0000:0001:0000:0000:0000
 * @ ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff
 */
#pragma D option quiet

syscall::write:entry
/pid == $target && (arg2 == 4 || arg2 == 16)/
{
	this->af = arg2 == 4 ? 2 : 10;
	printf("%2d %s\n", this->af, inet_ntop(this->af, copyin(arg1, arg2)));
}
