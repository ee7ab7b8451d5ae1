/*
 * test_priv.c - kernel/priv.c's rule: tracing needs CAP_SYS_ADMIN, or
 * CAP_BPF and CAP_PERFMON, in the effective set (one bit alone is not
 * enough); the answer is decided once and is the API's.
 */
#include <stdio.h>
#include "dtrace.h"
#include "kernel/priv.h"
#include "check.h"

static int ok(unsigned lo, unsigned hi)
{
	const unsigned caps[2] = { lo, hi };
	return dt_priv_caps_ok(caps);
}

int main(void)
{
	const unsigned sys_admin = 1u << 21, perfmon = 1u << (38 - 32), bpf = 1u << (39 - 32);

	CHECK(!ok(0, 0), "no capability");
	CHECK(ok(sys_admin, 0), "CAP_SYS_ADMIN");
	CHECK(ok(sys_admin, bpf), "CAP_SYS_ADMIN and CAP_BPF");
	CHECK(ok(0, bpf | perfmon), "CAP_BPF and CAP_PERFMON");
	CHECK(!ok(0, bpf), "CAP_BPF alone");
	CHECK(!ok(0, perfmon), "CAP_PERFMON alone");
	CHECK(!ok(~sys_admin, 0), "every low capability but CAP_SYS_ADMIN");
	CHECK(ok(~0u, ~0u), "every capability");
	int a = dtrace_privileged();
	CHECK(a == 0 || a == 1, "dtrace_privileged() is %d", a);
	CHECK(dtrace_privileged() == a && dt_priv_ok() == a, "decided once");
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
