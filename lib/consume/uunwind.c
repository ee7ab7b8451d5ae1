/*
 * uunwind.c - a captured user stack unwound from DWARF CFI: the ustack()
 * records of -x ustackmode=dwarf carry the task's saved user registers
 * and a window of its stack from sp (base/layout.h, cg/ustack.c); the
 * frames are found here with elfutils' libdwfl, from each object's
 * .eh_frame (or .debug_frame), as perf --call-graph dwarf does, so code
 * built without frame pointers (most of Debian) still gives full stacks.
 *
 * One Dwfl per process, made from the mappings kernel/usyms.c read for
 * it (so a process that has exited still unwinds) and kept: libdwfl
 * reads an object's CFI once per Dwfl, so every later record of the
 * process reuses it (another process reads libc's again).  It is made
 * again when those mappings change (dlopen).  A Dwfl holds its objects'
 * files open: at most DT_UW_LIVE of them are kept, the least recently
 * used ended first (a system-wide profile sees hundreds of processes;
 * dtrace(1) raises its open-file limit to the hard limit).
 * Memory reads during the unwind come from the window only; a frame
 * whose CFA lies beyond it ends the stack there.  The frame pointers are
 * walked in the window too, as the kernel walks them: the probe leaves
 * its own walk out when the window holds the whole stack, and code
 * without CFI (JIT code) unwinds only that way.  A record that ends in
 * a window arrives short (only the bytes copied) and is padded back
 * here (dt_uunwind_pad).
 */
#include <elfutils/libdwfl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sysmacros.h>
#include "consume.h"
#include "base/layout.h"
#include "kernel/usyms.h"
#include "cg/cg.h"
#include "sema/program.h"

#define DT_UW_LIVE 64
#define DT_USTACK_BP 4		/* rbp's word in struct pt_regs (base/layout.h has ip, sp) */

struct uwproc {
	int pid;
	Dwfl *dwfl;		/* NULL: none could be made (or ended) */
	uint64_t used;		/* when last used (uses so far) */
	uint64_t maphash;	/* of the mappings it was made from */
	/* the record being unwound */
	const uint64_t *regs;
	const uint8_t *win;
	uint64_t sp, len;
};

static struct uwproc **uws;
static size_t nuws;
static uint64_t uses;

static void hash_map(void *arg, uint64_t start, uint64_t end, uint64_t off, uint64_t dev,
    uint64_t ino, const char *path)
{
	uint64_t *h = arg;
	(void)path;
	uint64_t v[] = { start, end, off, dev, ino };
	for (size_t i = 0; i < sizeof(v) / sizeof(v[0]); i++)
		*h = (*h ^ v[i]) * 0x100000001b3ULL;
}

/* the mappings as /proc/PID/maps lines, for dwfl_linux_proc_maps_report */
static void map_line(void *arg, uint64_t start, uint64_t end, uint64_t off, uint64_t dev,
    uint64_t ino, const char *path)
{
	fprintf(arg, "%llx-%llx r-xp %llx %02x:%02x %llu %s\n", (unsigned long long)start,
	    (unsigned long long)end, (unsigned long long)off, major((dev_t)dev),
	    minor((dev_t)dev), (unsigned long long)ino, path);
}

static pid_t next_thread(Dwfl *dwfl, void *arg, void **targ)
{
	(void)dwfl;
	if (*targ)
		return 0;
	*targ = arg;
	return ((struct uwproc *)arg)->pid;
}

static bool get_thread(Dwfl *dwfl, pid_t tid, void *arg, void **targ)
{
	(void)dwfl;
	(void)tid;
	*targ = arg;
	return true;
}

static bool memory_read(Dwfl *dwfl, Dwarf_Addr addr, Dwarf_Word *result, void *arg)
{
	const struct uwproc *u = arg;
	(void)dwfl;
	if (addr < u->sp || addr - u->sp > u->len || u->len - (addr - u->sp) < 8)
		return false;
	memcpy(result, u->win + (addr - u->sp), 8);
	return true;
}

/* x86-64: DWARF registers 0-16 (rax rdx rcx rbx rsi rdi rbp rsp r8-r15
 * rip) from the words of struct pt_regs */
static bool set_initial_registers(Dwfl_Thread *thread, void *arg)
{
	static const int from_ptregs[17] = { 10, 12, 11, 5, 13, 14, 4, 19,
	    9, 8, 7, 6, 3, 2, 1, 0, 16 };
	const struct uwproc *u = arg;
	Dwarf_Word r[17];
	for (int i = 0; i < 17; i++)
		memcpy(&r[i], &u->regs[from_ptregs[i]], 8);
	if (!dwfl_thread_state_registers(thread, 0, 17, r))
		return false;
	dwfl_thread_state_register_pc(thread, r[16]);
	return true;
}

static const Dwfl_Thread_Callbacks thread_cbs = {
	.next_thread = next_thread,
	.get_thread = get_thread,
	.memory_read = memory_read,
	.set_initial_registers = set_initial_registers,
};

static const Dwfl_Callbacks dwfl_cbs = {
	.find_elf = dwfl_linux_proc_find_elf,
	.find_debuginfo = dwfl_standard_find_debuginfo,
};

/* u's Dwfl made from its process's mappings now, the least recently
 * used other one ended if DT_UW_LIVE are open */
static void make(struct uwproc *u)
{
	size_t live = 0, lru = 0;
	for (size_t i = 0; i < nuws; i++)
		if (uws[i]->dwfl && uws[i] != u) {
			if (!live++ || uws[i]->used < uws[lru]->used)
				lru = i;
		}
	if (live >= DT_UW_LIVE) {
		dwfl_end(uws[lru]->dwfl);
		uws[lru]->dwfl = NULL;
		uws[lru]->maphash = 0;	/* made again if used again */
	}
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	if (!f)
		return;
	dt_usym_maps(u->pid, map_line, f);
	fclose(f);
	f = fmemopen(text, len, "r");
	Dwfl *d = f ? dwfl_begin(&dwfl_cbs) : NULL;
	if (d) {
		dwfl_report_begin(d);
		if (dwfl_linux_proc_maps_report(d, f) != 0 ||
		    dwfl_report_end(d, NULL, NULL) != 0 ||
		    !dwfl_attach_state(d, NULL, u->pid, &thread_cbs, u)) {
			dwfl_end(d);
			d = NULL;
		}
	}
	if (f)
		fclose(f);
	free(text);
	u->dwfl = d;
}

static struct uwproc *uw_get(int pid)
{
	uint64_t h = 0xcbf29ce484222325ULL;
	if (dt_usym_maps(pid, hash_map, &h) < 0)
		return NULL;
	for (size_t i = 0; i < nuws; i++) {
		struct uwproc *u = uws[i];
		if (u->pid != pid)
			continue;
		if (u->maphash != h) {
			if (u->dwfl)
				dwfl_end(u->dwfl);
			u->dwfl = NULL;
			u->maphash = h;
			make(u);
		}
		u->used = ++uses;
		return u;
	}
	struct uwproc **n = realloc(uws, (nuws + 1) * sizeof(*n));
	struct uwproc *u = calloc(1, sizeof(*u));
	if (!n || !u) {
		free(u);
		if (n)
			uws = n;
		return NULL;
	}
	uws = n;
	uws[nuws++] = u;
	u->pid = pid;
	u->maphash = h;
	u->used = ++uses;
	make(u);
	return u;
}

struct frames { uint64_t *pcs; int n, max; };

static int frame(Dwfl_Frame *state, void *arg)
{
	struct frames *fr = arg;
	Dwarf_Addr pc;
	if (!dwfl_frame_pc(state, &pc, NULL) || pc == 0)
		return DWARF_CB_ABORT;
	fr->pcs[fr->n++] = pc;
	return fr->n < fr->max ? DWARF_CB_OK : DWARF_CB_ABORT;
}

/*
 * The kernel's frame-pointer walk (perf_callchain_user) over the window:
 * the saved PC, then from the saved rbp each frame's return address
 * (the word after it) and the next frame (the word at it), while the
 * frame lies in the window; ends, as printing does, at a PC of 0 or
 * outside user space.  The probe leaves its own walk out when the window
 * holds the whole stack (cg/ustack.c), so this finds the same frames.
 */
static int fp_walk(const uint8_t *w, uint64_t len, uint64_t *pcs, int max)
{
	uint64_t sp, fp, pc;
	const uint8_t *win = w + DT_USTACK_REGS + 8;
	int n = 0;
	memcpy(&sp, w + 8 * DT_USTACK_SP, 8);
	memcpy(&fp, w + 8 * DT_USTACK_BP, 8);
	memcpy(&pc, w + 8 * DT_USTACK_IP, 8);
	while (n < max && pc != 0 && pc < DT_USER_TOP) {
		pcs[n++] = pc;
		if (fp < sp || fp - sp > len || len - (fp - sp) < 16)
			break;
		memcpy(&pc, win + (fp - sp) + 8, 8);
		memcpy(&fp, win + (fp - sp), 8);
	}
	return n;
}

int dt_uunwind(int pid, const uint8_t *w, uint32_t size, uint64_t *pcs, int max)
{
	uint64_t len;
	if (size < DT_USTACK_REGS + 8 || max <= 0)
		return 0;
	memcpy(&len, w + DT_USTACK_REGS, 8);
	if (len == 0 || len > size - DT_USTACK_REGS - 8)
		return 0;
	/* DWARF's frames, or the frame pointers' when those are more */
	uint64_t *fpcs = malloc((size_t)max * sizeof(*fpcs));
	int fn = fpcs ? fp_walk(w, len, fpcs, max) : 0;
	struct uwproc *u = uw_get(pid);
	struct frames fr = { pcs, 0, max };
	if (u && u->dwfl) {
		u->regs = (const uint64_t *)w;
		u->win = w + DT_USTACK_REGS + 8;
		u->len = len;
		memcpy(&u->sp, w + 8 * DT_USTACK_SP, 8);
		dwfl_getthread_frames(u->dwfl, pid, frame, &fr);
	}
	if (fn > fr.n) {
		memcpy(pcs, fpcs, (size_t)fn * sizeof(*pcs));
		fr.n = fn;
	}
	free(fpcs);
	return fr.n;
}

uint8_t *dt_uunwind_pad(const struct dt_stmt *st, const uint8_t *d, uint32_t size)
{
	int lenoff = dt_cg_ustack_tail(st);
	uint64_t len;
	if (lenoff < 0 || size < (uint32_t)lenoff + 8)
		return NULL;
	memcpy(&len, d + lenoff, 8);
	if (len > st->recsize - (uint32_t)lenoff - 8 || size < (uint32_t)lenoff + 8 + len)
		return NULL;
	uint8_t *whole = calloc(1, st->recsize);
	if (whole)
		memcpy(whole, d, size);
	return whole;
}

void dt_uunwind_free(void)
{
	for (size_t i = 0; i < nuws; i++) {
		if (uws[i]->dwfl)
			dwfl_end(uws[i]->dwfl);
		free(uws[i]);
	}
	free(uws);
	uws = NULL;
	nuws = 0;
}
