/*
 * inet_ntoa(): the IPv4 address (network byte order) at a kernel address
 * as a dotted quad, each byte in decimal without leading zeros.  The
 * addresses come from the workload's writes (inet_write.pl), copied in:
 * @ 7f.00.00.01
 * @ 00.00.00.00
 * @ ff.ff.ff.ff
 * @ c0.a8.00.01
 * @ 0a.09.63.64
 * @ 64.c8.00.09
 * @ 09.63.64.00
 * @ 01.02.03.04
 */
#pragma D option quiet

syscall::write:entry
/pid == $target && arg2 == 4/
{
	printf("%s\n", inet_ntoa((ipaddr_t *)copyin(arg1, 4)));
}
