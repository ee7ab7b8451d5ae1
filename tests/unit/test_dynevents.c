/*
 * test_dynevents.c - kernel/dynevents.c: the GROUP/EVENT of each line of
 * tracefs's dynamic_events (kprobes with and without maxactive, uprobes,
 * eprobes, synthetic events; a BEGIN uprobe of another tracer), looked
 * up exactly; and reading them beside a fake events directory, from
 * dynamic_events, else from uprobe_events and kprobe_events.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "kernel/dynevents.h"
#include "kernel/tracefs.h"
#include "check.h"

static int put(const char *dir, const char *name, const char *text)
{
	char path[512];
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	FILE *f = fopen(path, "w");
	if (!f)
		return -1;
	fputs(text, f);
	return fclose(f);
}

int main(void)
{
	struct dt_dynevents d;
	static const char text[] =
	    "p:kprobes/p_do_sys_open_0 do_sys_open\n"
	    "r10:mygrp/myret vfs_read\n"
	    "p:other/BEGIN /usr/bin/bpftrace:0x0000000000123456\n"
	    "r:other/END /usr/bin/bpftrace:0x0000000000123460\n"
	    "e:eprobes/ev sched.sched_switch prev=$prev_pid\n"
	    "s:synthetic/wakeup_latency u64 lat; pid_t pid\n"
	    "\n"
	    "garbage without a slash\n"
	    "p:/noname x\n";

	CHECK(dt_dynevents_parse(text, &d) == 0 && d.n == 6, "parsed %zu events", d.n);
	CHECK(dt_dynevents_has(&d, "kprobes", "p_do_sys_open_0"), "kprobe");
	CHECK(dt_dynevents_has(&d, "mygrp", "myret"), "kretprobe with maxactive");
	CHECK(dt_dynevents_has(&d, "other", "BEGIN") && dt_dynevents_has(&d, "other", "END"),
	    "another tracer's BEGIN and END uprobes");
	CHECK(dt_dynevents_has(&d, "eprobes", "ev"), "eprobe");
	CHECK(dt_dynevents_has(&d, "synthetic", "wakeup_latency"), "synthetic event");
	CHECK(!dt_dynevents_has(&d, "other", "BEGI") && !dt_dynevents_has(&d, "othe", "BEGIN") &&
	    !dt_dynevents_has(&d, "sched", "sched_switch"), "exact names only");
	for (size_t i = 1; i < d.n; i++)
		CHECK(strcmp(d.v[i - 1], d.v[i]) < 0, "sorted: %s before %s", d.v[i - 1], d.v[i]);
	dt_dynevents_free(&d);
	CHECK(d.n == 0 && !d.v, "freed");
	CHECK(dt_dynevents_parse(NULL, &d) == 0 && d.n == 0 && !dt_dynevents_has(&d, "a", "b"),
	    "no text: none");

	/* beside a fake events directory */
	char top[] = "/tmp/test_dynevents-XXXXXX", events[64];
	CHECK(mkdtemp(top) != NULL, "mkdtemp");
	snprintf(events, sizeof(events), "%s/events", top);
	CHECK(mkdir(events, 0755) == 0 && dt_tp_set_root(events) == 0, "fake tree");
	CHECK(put(top, "uprobe_events", "p:u/BEGIN /bin/true:0x0\n") == 0 &&
	    put(top, "kprobe_events", "p:k/kp vfs_read\n") == 0, "uprobe_events, kprobe_events");
	CHECK(dt_dynevents_read(&d) == 0 && d.n == 2 && dt_dynevents_has(&d, "u", "BEGIN") &&
	    dt_dynevents_has(&d, "k", "kp"), "without dynamic_events: uprobe_events and kprobe_events");
	dt_dynevents_free(&d);
	CHECK(put(top, "dynamic_events", "p:dyn/END /bin/true:0x0\n") == 0, "dynamic_events");
	CHECK(dt_dynevents_read(&d) == 0 && d.n == 1 && dt_dynevents_has(&d, "dyn", "END"),
	    "dynamic_events is the list when it is there");
	dt_dynevents_free(&d);
	dt_tp_set_root(NULL);
	int clean = rmdir(events) == 0;
	static const char *const files[] = { "uprobe_events", "kprobe_events", "dynamic_events" };
	for (size_t i = 0; i < 3; i++) {
		char path[128];
		snprintf(path, sizeof(path), "%s/%s", top, files[i]);
		clean &= unlink(path) == 0;
	}
	CHECK(clean && rmdir(top) == 0, "cleanup");
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
