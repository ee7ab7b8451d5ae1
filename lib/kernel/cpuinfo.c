/*
 * cpuinfo.c - what curcpu, chip and lgrp read: one cpuinfo_t per CPU.
 *
 * Linux keeps no cpuinfo_t, so the consumer builds one per possible CPU
 * from sysfs before tracing starts (CPU id, physical package as the chip,
 * NUMA node as the locality group; processor sets do not exist, so
 * cpu_pset is 0, the default set) and stores them in a BPF array indexed
 * by CPU number.  curcpu is the address of the current CPU's entry, so
 * curcpu->cpu_chip is an ordinary safe load.  The map exists only if a
 * script uses one of these built-ins.  Also which CPUs are online (-x
 * cpu).
 */
#include <bpf/bpf.h>
#include "bpfmap.h"
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cpuinfo.h"
#include "base/file.h"

struct dt_type *dt_cpuinfo_type(dtrace_hdl_t *dtp)
{
	struct dt_typetab *tt = &dtp->types;
	struct dt_type *t = dt_typedef_lookup(tt, "cpuinfo_t");
	if (t)
		return dt_type_ptr(tt, t);
	static const struct { const char *name, *type; uint32_t off; } m[] = {
		{ "cpu_id", "processorid_t", DT_CPUINFO_ID },
		{ "cpu_pset", "psetid_t", DT_CPUINFO_PSET },
		{ "cpu_chip", "chipid_t", DT_CPUINFO_CHIP },
		{ "cpu_lgrp", "lgrp_id_t", DT_CPUINFO_LGRP },
	};
	int n = (int)(sizeof(m) / sizeof(m[0]));
	t = dt_type_new(tt, DT_TK_STRUCT, "cpuinfo_t", DT_CPUINFO_SIZE);
	if (!t || !(t->members = calloc((size_t)n, sizeof(*t->members))))
		return NULL;
	t->align = 4;
	for (int i = 0; i < n; i++) {
		struct dt_type *mt = dt_typedef_lookup(tt, m[i].type);
		t->members[i].name = strdup(m[i].name);
		t->members[i].type = mt ? mt : tt->t_int;
		t->members[i].offset = m[i].off;
		if (!t->members[i].name)
			return NULL;
		t->nmembers = i + 1;
	}
	if (dt_typedef_add(tt, "cpuinfo_t", t) < 0)
		return NULL;
	return dt_type_ptr(tt, t);
}

static int read_int(const char *path, int dflt)
{
	FILE *f = fopen(path, "r");
	int v;
	if (!f)
		return dflt;
	if (fscanf(f, "%d", &v) != 1)
		v = dflt;
	fclose(f);
	return v;
}

/* The NUMA node of cpu: its sysfs directory links nodeN. */
static int numa_node(int cpu)
{
	char path[64];
	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d", cpu);
	DIR *d = opendir(path);
	int node = 0;
	if (!d)
		return 0;
	for (struct dirent *e; (e = readdir(d));) {
		if (!strncmp(e->d_name, "node", 4) && e->d_name[4] >= '0' && e->d_name[4] <= '9') {
			node = atoi(e->d_name + 4);
			break;
		}
	}
	closedir(d);
	return node;
}

int dt_cpuinfo_create(dtrace_hdl_t *dtp)
{
	if (!dtp->uses_cpuinfo)
		return 0;
	LIBBPF_OPTS(bpf_map_create_opts, o);
	int fd = dt_bpf_map_create(dtp, BPF_MAP_TYPE_ARRAY, "dt_cpuinfo", 4, DT_CPUINFO_SIZE,
	    (uint32_t)dtp->ncpus, &o);
	if (fd < 0)
		return dt_set_err(dtp, "cannot create the cpuinfo map: %s", strerror(errno));
	dtp->fd_cpuinfo = fd;
	for (int cpu = 0; cpu < dtp->ncpus; cpu++) {
		char path[96];
		int32_t v[DT_CPUINFO_SIZE / 4] = { 0 };
		snprintf(path, sizeof(path),
		    "/sys/devices/system/cpu/cpu%d/topology/physical_package_id", cpu);
		v[DT_CPUINFO_ID / 4] = cpu;
		v[DT_CPUINFO_PSET / 4] = 0;
		v[DT_CPUINFO_CHIP / 4] = read_int(path, 0);
		v[DT_CPUINFO_LGRP / 4] = numa_node(cpu);
		uint32_t key = (uint32_t)cpu;
		if (dt_bpf_map_update(dtp, fd, &key, v, BPF_ANY) < 0)
			return dt_set_err(dtp, "cannot fill the cpuinfo map: %s", strerror(errno));
	}
	return 0;
}

void dt_cpuinfo_close(dtrace_hdl_t *dtp)
{
	if (dtp->fd_cpuinfo > 0)
		close(dtp->fd_cpuinfo);
	dtp->fd_cpuinfo = 0;
}

/* Is CPU cpu online?  /sys/devices/system/cpu/online lists the online
 * CPUs as ranges ("0-3,5"). */
int dt_cpu_online(uint64_t cpu)
{
	char *list = dt_read_file("/sys/devices/system/cpu/online", 4096, 1, NULL);
	int on = 0;
	if (!list)
		return 0;
	for (char *p = list; *p && !on;) {
		char *end;
		unsigned long lo = strtoul(p, &end, 10), hi = lo;
		if (end == p)
			break;
		if (*end == '-')
			hi = strtoul(end + 1, &end, 10);
		on = cpu >= lo && cpu <= hi;
		p = end + (*end == ',');
	}
	free(list);
	return on;
}
