/*
 * printf's %a prints a kernel address as module`function+0xoff, without
 * "+0x0" at a function's first byte, and an unknown one as 0x<hex>;
 * widths and '-' apply to the text.  (%A: tests/d/usymfn.)
 */

#pragma D option quiet
BEGIN
{
	printf("%a\n", (uintptr_t)&`ksys_write);
	printf("%a\n", (uintptr_t)&`ksys_write + 0x1f);
	printf("%a\n", &`ksys_read);
	printf("%a\n", 0x1234);
	printf("[%30a]\n", &`ksys_read);
	printf("[%-30a]\n", &`ksys_read);
	exit(0);
}
