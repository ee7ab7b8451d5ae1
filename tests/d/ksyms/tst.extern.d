/*
 * An extern declaration types a kernel symbol: __start_BTF is where the
 * kernel's BTF starts, whose header begins with magic 0xeb9f, version 1
 * and a 24-byte header length.  The address alone needs no type.
 */
#pragma D option quiet

extern unsigned short __start_BTF;

BEGIN
{
	printf("%x %d %d\n", `__start_BTF, *((uchar_t *)&`__start_BTF + 2),
	    *(uint32_t *)((char *)&vmlinux`__start_BTF + 4));
	printf("%x\n", *(unsigned short *)&genunix`__start_BTF);
	printf("%d\n", &`__start_BTF == &vmlinux`__start_BTF);
	exit(0);
}
