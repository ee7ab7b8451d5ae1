/* Kernel symbols are not writable. */
extern unsigned short __start_BTF;

BEGIN
{
	`__start_BTF = 1;
}
