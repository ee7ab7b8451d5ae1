/*
 * test_ksyms.c - dt_ksym_addr, the address -> `mod`sym+off map that
 * stack() (and sym(), %a) print with, against dt_ksym_lookup's forward
 * map and the frame texts fmt/kstack.c makes: inside a function, at its
 * first byte, below every symbol, the name chosen among aliases.  /proc/kallsyms shows addresses only to
 * the privileged: without them the checks are skipped (and the map must
 * then say "no symbol").
 */
#include <stdio.h>
#include <string.h>
#include "dtrace.h"
#include "kernel/ksyms.h"
#include "fmt/kstack.h"
#include "check.h"

int main(void)
{
	int e;
	dtrace_hdl_t *dtp = dtrace_open(&e);
	struct dt_ksym k;
	const char *mod, *name;
	uint64_t off;
	char buf[256];

	CHECK(dt_ksym_addr(dtp, 1, &mod, &name, &off) < 0, "address 1 has a symbol");
	dt_kframe(dtp, 1, buf, sizeof(buf));
	CHECK(!strcmp(buf, "0x1"), "frame of 1: %s", buf);
	if (dt_ksym_lookup(dtp, "vmlinux", "do_syscall_64", &k) != DT_KSYM_OK) {
		printf("kernel addresses hidden: address checks skipped\n");
		CHECK(dt_ksym_addr(dtp, 0xffffffff81000000ull, &mod, &name, &off) < 0 ||
		    off < 0x1000000, "hidden addresses");
	} else {
		int r = dt_ksym_addr(dtp, k.addr + 5, &mod, &name, &off);
		CHECK(r == 0 && !strcmp(mod, "vmlinux") && !strcmp(name, "do_syscall_64") && off == 5,
		    "do_syscall_64+5: %d %s`%s+%llu", r, r ? "" : mod, r ? "" : name,
		    (unsigned long long)off);
		dt_kframe(dtp, k.addr + 0x1f, buf, sizeof(buf));
		CHECK(!strcmp(buf, "vmlinux`do_syscall_64+0x1f"), "frame: %s", buf);
		dt_kframe(dtp, k.addr, buf, sizeof(buf));
		CHECK(!strcmp(buf, "vmlinux`do_syscall_64"), "frame at offset 0: %s", buf);
		/* aliases: __do_sys_gettid (local), __ia32_sys_gettid and
		 * __x64_sys_gettid (global) share an address: the native one */
		if (dt_ksym_lookup(dtp, "vmlinux", "__x64_sys_gettid", &k) == DT_KSYM_OK) {
			r = dt_ksym_addr(dtp, k.addr + 1, &mod, &name, &off);
			CHECK(r == 0 && !strcmp(name, "__x64_sys_gettid") && off == 1,
			    "alias: %s", r ? "" : name);
			dt_ksym_lookup(dtp, "vmlinux", "do_syscall_64", &k);
		}
		/* every lookup after the first reuses the table */
		for (int i = 0; i < 100000; i++)
			dt_ksym_addr(dtp, k.addr + (uint64_t)(i % 8), &mod, &name, &off);
		CHECK(!strcmp(name, "do_syscall_64"), "repeated lookups: %s", name);
	}
	dtrace_close(dtp);
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
