/*
 * privileged.c - dtrace_privileged(): may this process trace?  The
 * decision is kernel/priv.c's; a consumer asks before anything that
 * needs the kernel (dtrace(1M) before all but -h, -G, -V and -e).
 */
#include "dtrace.h"
#include "kernel/priv.h"

int dtrace_privileged(void)
{
	return dt_priv_ok();
}
