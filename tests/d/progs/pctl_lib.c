/*
 * pctl_lib - a shared library for the evaltime tests (tests/d/pctl): its
 * initializer writes 3 bytes to fd 1, which tells preinit (before library
 * initializers) from postinit (after them).
 */
#include <unistd.h>

__attribute__((constructor)) static void pctl_lib_init(void)
{
	if (write(1, "li\n", 3) < 0)
		_exit(3);
}

int pctl_lib_answer(void)
{
	return 42;
}
