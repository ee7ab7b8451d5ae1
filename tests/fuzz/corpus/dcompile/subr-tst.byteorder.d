/* htons/htonl/htonll and ntohs/ntohl/ntohll on a little-endian machine. */
#pragma D option quiet

BEGIN
{
	printf("%x %x %x\n", htons(0x1234), htonl(0x12345678), htonll(0x0102030405060708));
	printf("%x %x %x\n", ntohs(0x1234), ntohl(0x12345678), ntohll(0x0102030405060708));
	printf("%x %x\n", ntohs(htons(0xabcd)), htons(0x123456));
	exit(0);
}
