/*
 * priv.c - whether this process may trace at all, decided once.
 *
 * Solaris's dtrace(1M) learns it by opening the DTrace device; here
 * nothing fails that early: an unprivileged process would list only
 * the probes it can see (the dtrace provider's), match no kernel probe,
 * or fail to make its first map.  So the command asks here first and
 * says "DTrace requires additional privileges" whatever it was asked
 * to do, as dtrace does; a probe description that matches nothing
 * because of it says the same (sema/clause.c).  Tracing needs BPF
 * programs and perf events (CAP_SYS_ADMIN, or CAP_BPF with CAP_PERFMON
 * since Linux 5.8) and the tracepoints' names and formats in tracefs.
 */
#include <fcntl.h>
#include <linux/capability.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "priv.h"
#include "tracefs.h"

#ifndef CAP_PERFMON
#define CAP_PERFMON 38
#endif
#ifndef CAP_BPF
#define CAP_BPF 39
#endif

static int has(const unsigned caps[2], int cap)
{
	return (caps[cap / 32] >> (cap % 32)) & 1;
}

int dt_priv_caps_ok(const unsigned caps[2])
{
	return has(caps, CAP_SYS_ADMIN) || (has(caps, CAP_BPF) && has(caps, CAP_PERFMON));
}

static int decide(void)
{
	struct __user_cap_header_struct hdr = { _LINUX_CAPABILITY_VERSION_3, 0 };
	struct __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3] = { { 0, 0, 0 } };

	if (syscall(SYS_capget, &hdr, data) < 0)
		return 0;
	const unsigned caps[2] = { data[0].effective, data[1].effective };
	if (!dt_priv_caps_ok(caps))
		return 0;
	const char *root = dt_tp_root();
	return !root || faccessat(AT_FDCWD, root, R_OK | X_OK, AT_EACCESS) == 0;
}

int dt_priv_ok(void)
{
	static int known = -1;	/* racing first calls give the same answer */

	if (known < 0)
		known = decide();
	return known;
}
