/*
 * sym(), func() and mod() of kernel addresses, each a statement of its
 * own (dtrace's tracing functions): each prints its text in a 50-column
 * field after two spaces (quiet or not); func() and sym() print
 * module`function without the offset, mod() the module, and an address
 * in no symbol prints as hex.
 */

#pragma D option quiet
BEGIN
{
	func((uintptr_t)&`ksys_write);
	sym((uintptr_t)&`ksys_write + 0x10);
	mod(&`ksys_read);
	printf("|\n");
	func(&`ksys_read);
	sym(0);
	mod(1);
	printf("|\n");
	exit(0);
}
