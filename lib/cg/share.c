/*
 * share.c - probeprov, probemod, probefunc and probename in a program
 * shared by a group of probes (struct dt_cg_group, cg.h).
 *
 * A single probe's program stores its names as constants (cg/str.c).  A
 * shared program stores a field that is the same in every probe of the
 * group the same way; the fields that differ are read from a read-only
 * array map with one entry per probe (the group's index, the cookie's
 * high half, is the key), made the first time a clause uses one: the
 * entry holds each differing field at a fixed offset, as wide as its
 * longest value in the group.  An array lookup is inlined by the
 * verifier, so a name costs a lookup and one probe_read_kernel_str.  The
 * entry starts with the bounds of the probe's tracepoint iterator
 * function when clauses take kernel stacks (cg/subr.c drops a top frame
 * in it; 0, 0 if none).  The program holds the map; its file descriptor
 * is closed once the program is loaded (rt/load.c).
 */
#include <bpf/bpf.h>
#include "kernel/bpfmap.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cg.h"
#include "kernel/traceiter.h"

static const char *field(const struct dt_probe *p, int which)
{
	const char *f[4] = { p->prov, p->mod, p->func, p->name };
	return f[which];
}

/* the probe's tracepoint iterator, if clauses may need it */
static int iter_range(dtrace_hdl_t *dtp, const struct dt_probe *p, uint64_t *lo, uint64_t *hi)
{
	const char *ev = dtp->uses_stack && !p->cfire && p->ops->tp_event ?
	    p->ops->tp_event(p) : NULL;
	*lo = *hi = 0;
	return ev && dt_traceiter_range(ev, lo, hi) == 0;
}

/* Which fields differ, and the layout of an entry. */
static void layout(dtrace_hdl_t *dtp, struct dt_cg_group *g)
{
	uint32_t off = 0;
	for (uint32_t i = 0; i < g->n && !off; i++) {
		uint64_t lo, hi;
		if (iter_range(dtp, g->probes[i], &lo, &hi))
			off = 16;	/* lo, hi */
	}
	g->iter = off != 0;
	for (int w = 0; w < 4; w++) {
		size_t max = 0;
		int differ = 0;
		const char *first = field(g->probes[0], w);
		for (uint32_t i = 0; i < g->n; i++) {
			const char *s = field(g->probes[i], w);
			size_t l = strlen(s) + 1;
			if (l > max)
				max = l;
			if (!differ && strcmp(s, first) != 0)
				differ = 1;
		}
		g->stroff[w] = off;
		g->strw[w] = differ ? (uint32_t)max : 0;
		off += g->strw[w];
	}
	g->strrec = (off + 7) & ~7u;
	g->laid = 1;
}

/* The array of the group's differing names: its fd, or -1 (failed). */
static int make_map(struct dt_cg *cg)
{
	struct dt_cg_group *g = cg->group;
	LIBBPF_OPTS(bpf_map_create_opts, o, .map_flags = BPF_F_RDONLY_PROG);
	int fd = dt_bpf_map_create(cg->dtp, BPF_MAP_TYPE_ARRAY, "dt_pnames", 4, g->strrec, g->n, &o);
	if (fd < 0) {
		dt_cg_fail(cg, D_UNKNOWN, "cannot create the probe names of %s:%s:%s:%s "
		    "and %u more: %s", g->probes[0]->prov, g->probes[0]->mod,
		    g->probes[0]->func, g->probes[0]->name, g->n - 1, strerror(errno));
		return -1;
	}
	uint32_t *keys = calloc(g->n, sizeof(*keys));
	char *vals = calloc(g->n, g->strrec);
	uint32_t count = g->n;
	int rc = -1;
	if (keys && vals) {
		for (uint32_t i = 0; i < g->n; i++) {
			keys[i] = i;
			if (g->iter)
				iter_range(cg->dtp, g->probes[i], (uint64_t *)(void *)(vals +
				    (size_t)i * g->strrec), (uint64_t *)(void *)(vals +
				    (size_t)i * g->strrec + 8));
			for (int w = 0; w < 4; w++)
				if (g->strw[w])
					strcpy(vals + (size_t)i * g->strrec + g->stroff[w],
					    field(g->probes[i], w));
		}
		rc = dt_bpf_map_update_batch(cg->dtp, fd, keys, vals, &count);
	}
	int err = errno;
	free(keys);
	free(vals);
	if (rc < 0) {
		close(fd);
		dt_cg_fail(cg, D_UNKNOWN, "cannot create the probe names of %s:%s:%s:%s: %s",
		    g->probes[0]->prov, g->probes[0]->mod, g->probes[0]->func,
		    g->probes[0]->name, keys && vals ? strerror(err) : "out of memory");
		return -1;
	}
	return fd;
}

/* R0 = the firing probe's entry (a jump to none if there is none) */
static void lookup(struct dt_cg *cg, int none)
{
	int ks = dt_cg_slot_alloc(cg);
	cg->uses_cookie = 1;
	emit(cg, LDX_MEM(BPF_W, R1, R7, DT_MS_GIDX));
	emit(cg, STX_MEM(BPF_W, R10, R1, ks));
	dt_asm_ld_map_fd(&cg->a, R1, cg->group->strfd);
	emit(cg, MOV64_REG(R2, R10));
	emit(cg, ALU64_IMM(BPF_ADD, R2, ks));
	emit(cg, CALL_HELPER(BPF_FUNC_map_lookup_elem));
	dt_cg_slot_free(cg);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R0, 0, 0), none);
}

/* the group's entry layout, and its map made; 0 if it cannot be */
static int ready(struct dt_cg *cg)
{
	struct dt_cg_group *g = cg->group;
	if (!g->laid)
		layout(cg->dtp, g);
	return g->strfd >= 0 || (g->strfd = make_map(cg)) >= 0;
}

int dt_cg_group_iter(struct dt_cg *cg, int slot_lo, int slot_hi)
{
	struct dt_cg_group *g = cg->group;
	if (!dt_cg_shared(cg))
		return 0;
	if (!g->laid)
		layout(cg->dtp, g);
	if (!g->iter || !ready(cg))
		return 0;
	int none = dt_asm_new_label(&cg->a), end = dt_asm_new_label(&cg->a);
	lookup(cg, none);
	emit(cg, LDX_MEM(BPF_DW, R1, R0, 0));
	emit(cg, STX_MEM(BPF_DW, R10, R1, slot_lo));
	emit(cg, LDX_MEM(BPF_DW, R1, R0, 8));
	emit(cg, STX_MEM(BPF_DW, R10, R1, slot_hi));
	dt_asm_jump(&cg->a, JA(0), end);
	dt_asm_place(&cg->a, none);	/* never: no iterator */
	emit(cg, ST_MEM(BPF_DW, R10, slot_lo, 0));
	emit(cg, ST_MEM(BPF_DW, R10, slot_hi, 0));
	dt_asm_place(&cg->a, end);
	return 1;
}

int dt_cg_group_str(struct dt_cg *cg, int which, int off, int size)
{
	struct dt_cg_group *g = cg->group;
	if (!dt_cg_shared(cg))
		return 0;
	if (!g->laid)
		layout(cg->dtp, g);
	if (!g->strw[which])
		return 0;		/* the same in every probe: a constant */
	if (!ready(cg))
		return 1;
	int none = dt_asm_new_label(&cg->a), end = dt_asm_new_label(&cg->a);
	lookup(cg, none);
	emit(cg, MOV64_REG(R3, R0));
	emit(cg, ALU64_IMM(BPF_ADD, R3, (int32_t)g->stroff[which]));
	emit(cg, MOV64_REG(R1, R9));
	emit(cg, ALU64_IMM(BPF_ADD, R1, off));
	emit(cg, MOV64_IMM(R2, size < (int)g->strw[which] ? size : (int32_t)g->strw[which]));
	emit(cg, CALL_HELPER(BPF_FUNC_probe_read_kernel_str));
	dt_asm_jump(&cg->a, JA(0), end);
	dt_asm_place(&cg->a, none);	/* an index past the array: never */
	dt_cg_fst_imm(cg, BPF_B, off, 0);
	dt_asm_place(&cg->a, end);
	return 1;
}
