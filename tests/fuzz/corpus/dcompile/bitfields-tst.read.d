/*
 * Bit-fields of a D struct read through a pointer: signed fields sign-
 * extend, unsigned ones do not, fields cross into the next storage unit
 * as C places them.  The data is the kernel BTF header at __start_BTF:
 * bytes 9f eb 01 00 18 00 00 00 (magic, version 1, flags, hdr_len 24).
 */
#pragma D option quiet

struct hdr {
	int lo:4;		/* 0xf: -1 */
	int hi:4;		/* 0x9: -7 */
	unsigned magic_hi:8;	/* 0xeb */
	unsigned version:8;	/* 1 */
	unsigned :8;		/* flags, unnamed */
	unsigned hdr_len:32;	/* 24, a new unit */
};

union u {
	unsigned short magic;
	struct { unsigned char lo:4, hi:4; } nib;
};

BEGIN
{
	p = (struct hdr *)&`__start_BTF;
	printf("%d %d %x %d %d %d\n", p->lo, p->hi, p->magic_hi, p->version, p->hdr_len,
	    sizeof (struct hdr));
	q = (union u *)&`__start_BTF;
	printf("%x %x %x %d\n", q->magic, q->nib.lo, q->nib.hi, sizeof (union u));
	printf("%d\n", (*p).hi * 2);
	exit(0);
}
