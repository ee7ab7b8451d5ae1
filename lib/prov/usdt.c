/*
 * usdt.c - the USDT provider: the <sys/sdt.h> probes of running processes
 * (.note.stapsdt notes, read by kernel/stapsdt.c), named as DTrace names
 * them: python1234:libpython3.11.so.1.0:_PyEval_EvalFrameDefault:function-entry.
 *
 * Like pid, the provider has no probes until a description names them:
 * provide_pdesc takes a provider field that is a note provider followed
 * by a pid (after $target is expanded), or a glob (python*), which is
 * matched against every running process's providers (/proc/[0-9]*\/maps
 * scanned; each object's notes read once per (device, inode)).  The
 * module is the object's base name, the function the one holding the
 * site, the name the note's with "__" turned into "-".  A probe is every
 * site of that provider, module, function and name: one uprobe per site.
 *
 * Programs are BPF_PROG_TYPE_KPROBE on multi-uprobe links (prov/uprobe.c)
 * with the process's pid filter; each site's attach cookie is its index
 * in the probe, so that a probe whose sites pass their arguments
 * differently picks each site's loads by the cookie.  Arguments are
 * loaded as the notes' specs say (a register of the struct pt_regs at
 * the context, memory at base + index * scale + disp read with
 * bpf_probe_read_user, a constant, a %rip-relative address moved by the
 * load bias, the probed instruction's runtime address in regs->ip less
 * the note's link-time pc), cut to their size and sign- or
 * zero-extended.  An argument whose spec cannot be decoded, or whose
 * memory operand cannot be read, reads 0 in the frame, and a clause that
 * reads it faults (cg_argcheck: "invalid address (0x0)", or the
 * operand's address).
 *
 * Is-enabled probes: a site with a semaphore gets the semaphore's file
 * offset as its uprobe's reference counter, which the kernel increments
 * in the process while the uprobe is there and decrements when it goes
 * (dtrace's links closed, however it exits).
 *
 * A process a glob matched that exits before its link is made is left
 * out (uprobe.c's gone_ok); one named (python1234, $target) is an error.
 *
 * Probes go away with the process image: the program's first test is the
 * exec check pid has (the image's arg_start, read when the probe was made).
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include "usdt.h"
#include "kernel/bpf_asm.h"
#include "kernel/btf.h"
#include "kernel/bpfmap.h"

#define USDT_MAXARGS	10	/* the frame's args[] */
#define PT_IP		128	/* struct pt_regs (x86-64) */
#define USDT_OWN_MAX	65536	/* processes with probes of their own */

struct usdt_state *dt_usdt_state(dtrace_hdl_t *dtp)
{
	void **slot = dt_prov_state(dtp, &dt_prov_usdt);
	if (slot && !*slot)
		*slot = calloc(1, sizeof(struct usdt_state));
	return slot ? *slot : NULL;
}

static int is_glob(const char *s)
{
	return strpbrk(s, "*?[\\") != NULL;
}

int dt_usdt_fmatch(const char *pat, const char *s)
{
	if (!*pat)
		return 1;
	return is_glob(pat) ? fnmatch(pat, s, 0) == 0 : strcmp(pat, s) == 0;
}

int dt_usdt_maps_open(struct dt_usdt_maps *w, int pid)
{
	char fn[64];
	snprintf(fn, sizeof(fn), "/proc/%d/maps", pid);
	w->nseen = 0;
	return (w->f = fopen(fn, "re")) != NULL;
}

const char *dt_usdt_maps_next(struct dt_usdt_maps *w, uint64_t *dev, uint64_t *ino)
{
	while (fgets(w->line, sizeof(w->line), w->f)) {
		unsigned long long start, end, off, in;
		unsigned maj, min;
		int pos = 0;
		if (sscanf(w->line, "%llx-%llx %*s %llx %x:%x %llu %n", &start, &end, &off,
		    &maj, &min, &in, &pos) < 6 || !in || !pos || w->line[pos] != '/')
			continue;
		char *path = w->line + pos;
		path[strcspn(path, "\n")] = 0;
		if (strstr(path, " (deleted)"))
			continue;
		uint64_t d = (uint64_t)maj << 20 | min;
		int dup = 0;
		for (int k = 0; k < w->nseen && !dup; k++)
			dup = w->seen[k][0] == d && w->seen[k][1] == in;
		if (dup)
			continue;
		if (w->nseen < 64) {
			w->seen[w->nseen][0] = d;
			w->seen[w->nseen++][1] = in;
		}
		*dev = d;
		*ino = in;
		return path;
	}
	fclose(w->f);
	w->f = NULL;
	return NULL;
}

/* the notes of the object (dev, ino) at path, read on first use */
struct usdt_obj *dt_usdt_obj(struct usdt_state *st, uint64_t dev, uint64_t ino,
    const char *path, int pid)
{
	for (size_t i = 0; i < st->nobjs; i++)
		if (st->objs[i].dev == dev && st->objs[i].ino == ino)
			return &st->objs[i];
	struct usdt_obj *no = realloc(st->objs, (st->nobjs + 1) * sizeof(*no));
	if (!no)
		return NULL;
	st->objs = no;
	struct usdt_obj *o = &no[st->nobjs++];
	memset(o, 0, sizeof(*o));
	o->dev = dev;
	o->ino = ino;
	char err[256], alt[4096];
	if (dt_sdt_read(path, &o->notes, &o->n, err, sizeof(err)) < 0) {
		/* a process in another mount namespace: through its root */
		snprintf(alt, sizeof(alt), "/proc/%d/root%s", pid, path);
		if (dt_sdt_read(alt, &o->notes, &o->n, err, sizeof(err)) < 0) {
			o->notes = NULL;
			o->n = 0;
		}
	}
	return o;
}

int dt_usdt_file_key(const char *path, uint64_t *dev, uint64_t *ino)
{
	struct stat sb;
	if (stat(path, &sb) < 0)
		return -1;
	*dev = (uint64_t)major(sb.st_dev) << 20 | minor(sb.st_dev);
	*ino = sb.st_ino;
	return 0;
}

int dt_usdt_obj_bit(dtrace_hdl_t *dtp, const char *path)
{
	struct usdt_state *st = dt_usdt_state(dtp);
	uint64_t dev, ino;
	if (!st || dt_usdt_file_key(path, &dev, &ino) < 0)
		return 0;
	struct usdt_obj *o = dt_usdt_obj(st, dev, ino, path, 0);
	if (o && !o->bit && st->nbits < 64)
		o->bit = ++st->nbits;
	return o ? o->bit : 0;
}

/* "function__entry" -> "function-entry" */
void dt_usdt_probe_name(const char *in, char *out, size_t len)
{
	size_t o = 0;
	for (const char *s = in; *s && o + 1 < len; s++) {
		if (s[0] == '_' && s[1] == '_') {
			out[o++] = '-';
			s++;
		} else {
			out[o++] = *s;
		}
	}
	out[o] = 0;
}

/* The image's arg_start (field 48 of /proc/PID/stat); 0 if the process
 * is gone, a zombie or unreadable: *ok 0 then. */
uint64_t dt_usdt_image(int pid, int *ok)
{
	char fn[64], buf[1024];
	*ok = 0;
	snprintf(fn, sizeof(fn), "/proc/%d/stat", pid);
	int fd = open(fn, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	ssize_t n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return 0;
	buf[n] = 0;
	char *s = strrchr(buf, ')');
	if (!s || s[1] != ' ' || s[2] == 'Z' || s[2] == 'X' || s[2] == 'x')
		return 0;
	*ok = 1;
	char *save = NULL, *tok = strtok_r(s + 2, " ", &save);
	for (int f = 3; tok && f < 48; f++)
		tok = strtok_r(NULL, " ", &save);
	return tok ? strtoull(tok, NULL, 10) : 0;
}

/* what one description asks */
struct uctx {
	dtrace_hdl_t *dtp;
	struct usdt_state *st;
	const char *prov, *mod, *func, *name;
	int pid;
	uint64_t arg_start;
	int glob;		/* the provider field is a glob */
};

int dt_usdt_add_site(dtrace_hdl_t *dtp, struct dt_probe *p, const struct dt_sdt_note *nt)
{
	struct usdt_probe *up = p->priv;
	for (int i = 0; i < up->nsites; i++)
		if (up->sites[i].off == nt->off)
			return 0;	/* the object mapped twice */
	struct usdt_site *ns = realloc(up->sites, (size_t)(up->nsites + 1) * sizeof(*ns));
	if (!ns)
		return dt_set_err(dtp, "out of memory");
	up->sites = ns;
	struct usdt_site *s = &ns[up->nsites++];
	s->off = nt->off;
	s->pc = nt->pc;
	s->sema_off = nt->sema_off;
	s->nargs = nt->nargs;
	memcpy(s->args, nt->args, sizeof(s->args));
	for (int i = 0; i < DT_SDT_MAXARGS; i++)
		s->args[i].spec = s->args[i].sym = NULL;
	return 0;
}

/* Does provider glob pat match provider prov in every process (what a
 * process started later would be named too)?  "postgresql*", "postgres*",
 * "*" do; "postgresql12*", "postgresql$1" do not. */
static int any_process(const char *pat, const char *prov)
{
	char any[160], one[160];
	size_t n = strlen(pat);
	if (!is_glob(pat) || !n || pat[n - 1] != '*')
		return 0;
	snprintf(any, sizeof(any), "%s*", prov);
	snprintf(one, sizeof(one), "%s7", prov);
	return fnmatch(pat, any, 0) == 0 && fnmatch(pat, one, 0) == 0;
}

/* the probes of one object of the process */
static int per_object(struct uctx *c, struct usdt_obj *o, const char *path)
{
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	if (!dt_usdt_fmatch(c->mod, base))
		return 0;
	for (size_t i = 0; i < o->n; i++) {
		const struct dt_sdt_note *nt = &o->notes[i];
		char prov[128], name[256];
		if (!nt->off)
			continue;
		snprintf(prov, sizeof(prov), "%s%d", nt->provider, c->pid);
		dt_usdt_probe_name(nt->name, name, sizeof(name));
		const char *func = nt->func ? nt->func : "-";
		if (!dt_usdt_fmatch(c->prov, prov) || !dt_usdt_fmatch(c->func, func) ||
		    !dt_usdt_fmatch(c->name, name))
			continue;
		struct dt_probe *p = dt_probe_lookup(c->dtp, prov, base, func, name);
		if (!p) {
			struct usdt_probe *up = calloc(1, sizeof(*up));
			if (!up || !(up->path = strdup(path))) {
				free(up);
				return dt_set_err(c->dtp, "out of memory");
			}
			up->pid = c->pid;
			up->arg_start = c->arg_start;
			up->glob_only = up->any_pid = 1;
			p = dt_probe_create_prov(c->dtp, &dt_prov_usdt, prov, base, func, name, 0);
			if (!p) {
				free(up->path);
				free(up);
				return dt_set_err(c->dtp, "out of memory");
			}
			p->priv = up;
		}
		if (p->ops != &dt_prov_usdt)
			continue;
		if (!c->glob)	/* named: its process's exit is an error */
			((struct usdt_probe *)p->priv)->glob_only = 0;
		if (!any_process(c->prov, nt->provider))
			((struct usdt_probe *)p->priv)->any_pid = 0;
		if (dt_usdt_add_site(c->dtp, p, nt) < 0)
			return -1;
	}
	return 0;
}

/* the probes of process pid the description matches */
static int per_process(struct uctx *c, int pid)
{
	int ok;
	if (pid == getpid())
		return 0;
	c->pid = pid;
	c->arg_start = dt_usdt_image(pid, &ok);
	if (!ok)
		return 0;
	struct dt_usdt_maps w;
	if (!dt_usdt_maps_open(&w, pid))
		return 0;
	int rc = 0;
	const char *path;
	uint64_t dev, ino;
	while (rc == 0 && (path = dt_usdt_maps_next(&w, &dev, &ino))) {
		struct usdt_obj *o = dt_usdt_obj(c->st, dev, ino, path, pid);
		if (!o)
			rc = dt_set_err(c->dtp, "out of memory");
		else if (o->n)
			rc = per_object(c, o, path);
	}
	if (w.f)
		fclose(w.f);
	return rc;
}

int dt_usdt_split_pid(const char *prov, size_t *plen)
{
	size_t n = strlen(prov), k = n;
	while (k > 0 && isdigit((unsigned char)prov[k - 1]))
		k--;
	if (k == 0 || k == n || n - k > 9 || prov[k] == '0')
		return 0;
	*plen = k;
	return atoi(prov + k);
}

/* a glob description, kept for the processes started later (usdtlate.c) */
static int keep_desc(dtrace_hdl_t *dtp, struct usdt_state *st, const char *prov,
    const char *mod, const char *func, const char *name)
{
	for (size_t i = 0; i < st->ndescs; i++) {
		const struct usdt_desc *d = &st->descs[i];
		if (!strcmp(d->prov, prov) && !strcmp(d->mod, mod) && !strcmp(d->func, func) &&
		    !strcmp(d->name, name))
			return 0;
	}
	struct usdt_desc *nd = realloc(st->descs, (st->ndescs + 1) * sizeof(*nd));
	if (!nd)
		return dt_set_err(dtp, "out of memory");
	st->descs = nd;
	struct usdt_desc *d = &nd[st->ndescs];
	d->prov = strdup(prov);
	d->mod = strdup(mod);
	d->func = strdup(func);
	d->name = strdup(name);
	if (!d->prov || !d->mod || !d->func || !d->name) {
		free(d->prov);
		free(d->mod);
		free(d->func);
		free(d->name);
		return dt_set_err(dtp, "out of memory");
	}
	st->ndescs++;
	return 0;
}

static int usdt_provide_pdesc(dtrace_hdl_t *dtp, const char *prov, const char *mod,
    const char *func, const char *name)
{
	size_t plen;
	int pid;
	if (!*prov)
		return 0;	/* every process's probes only when asked for */
	struct usdt_state *st = dt_usdt_state(dtp);
	if (!st)
		return dt_set_err(dtp, "out of memory");
	struct uctx c = { dtp, st, prov, mod, func, name, 0, 0, is_glob(prov) };
	if (!is_glob(prov)) {
		if (!(pid = dt_usdt_split_pid(prov, &plen)) || (plen == 3 && !strncmp(prov, "pid", 3)))
			return 0;
		return per_process(&c, pid);
	}
	if (keep_desc(dtp, st, prov, mod, func, name) < 0)
		return -1;
	DIR *d = opendir("/proc");
	if (!d)
		return 0;
	struct dirent *e;
	int rc = 0;
	while (rc == 0 && (e = readdir(d))) {
		if (!isdigit((unsigned char)e->d_name[0]))
			continue;
		rc = per_process(&c, atoi(e->d_name));
	}
	closedir(d);
	return rc;
}

/* ---- probes for processes started later ----
 *
 * DTrace applies an enabling of provider*:::probe to the providers of
 * processes that appear after it (a fork of a traced process, a new
 * process running the object).  Here: when every enabled probe of one
 * object's site (the same file, provider, function and name, one probe
 * per process that had the object mapped) was matched only by such
 * globs and has the same clauses, the lowest of them is attached to the
 * object for any process (pid 0) and the others not at all: it fires in
 * each of those processes and in every later one.  Its firings carry
 * its own probe ID and probeprov (the process it was found in); pid and
 * execname are the firing process's.  The others (followers) are linked
 * with their pids too, gated on the own-pids map, and switched to at
 * start (usdtlate.c), so that each process found at start fires with
 * its own probe's ID.  Otherwise each probe keeps its process.  A later process running another object with the provider
 * gets probes of its own (usdtlate.c). */

static int same_site(const struct dt_probe *p, const struct dt_probe *q)
{
	const struct usdt_probe *a = p->priv, *b = q->priv;
	size_t pl, ql;
	if (a->late || b->late)
		return 0;	/* its object's own (usdtlate.c) */
	return dt_usdt_split_pid(p->prov, &pl) && dt_usdt_split_pid(q->prov, &ql) && pl == ql &&
	    !strncmp(p->prov, q->prov, pl) && !strcmp(a->path, b->path) &&
	    !strcmp(p->func, q->func) && !strcmp(p->name, q->name);
}

static int own_map(dtrace_hdl_t *dtp);

int dt_usdt_kind(dtrace_hdl_t *dtp, const struct dt_probe *p)
{
	struct usdt_probe *up = p->priv;
	if (up->own || !up->any_pid || getenv("DTRACE_USDT_PERPID") || up->follows > 0)
		return USDT_OWN;
	if (up->follows < 0)
		return USDT_FOLLOWER;
	const struct dt_probe *first = p;
	for (uint32_t i = 0; i < dtp->nprobes; i++) {
		const struct dt_probe *q = dtp->probes[i];
		if (q == p || q->ops != &dt_prov_usdt || !q->nclauses || !same_site(p, q))
			continue;
		const struct usdt_probe *uq = q->priv;
		if (!uq->any_pid || q->nclauses != p->nclauses ||
		    memcmp(q->clauses, p->clauses, (size_t)p->nclauses * sizeof(*p->clauses)))
			return USDT_OWN;
		if (q->id < first->id)
			first = q;
	}
	if (first == p)
		return USDT_FILE;
	/* a follower: linked with its pid and switched to at start when
	 * its object has a bit (so that it fires with its own ID), else it
	 * fires through the first probe */
	int bit = getenv("DTRACE_USDT_NOLATE") || getenv("DTRACE_USDT_NOFOLLOW") ||
	    own_map(dtp) < 0 ? 0 : dt_usdt_obj_bit(dtp, up->path);
	up->follows = bit > 0 ? bit : -1;
	return bit > 0 ? USDT_OWN : USDT_FOLLOWER;
}

/* A probe attached for any process fires in processes other than the
 * one its name carries: probeprov is the provider's base and the firing
 * process's ID (cg/str.c). */
static int usdt_prov_base(dtrace_hdl_t *dtp, const struct dt_probe *p)
{
	const struct usdt_probe *up = p->priv;
	if (dt_usdt_kind(dtp, p) == USDT_OWN)
		return -1;
	char d[16];
	int n = snprintf(d, sizeof(d), "%d", up->pid);
	size_t l = strlen(p->prov);
	if (n <= 0 || (size_t)n >= l || strcmp(p->prov + l - (size_t)n, d))
		return -1;
	return (int)(l - (size_t)n);
}

/* ---- the exec check (as pid's) ---- */

/* the own-pids map (usdt.h), made on first use; -1 if it cannot be */
static int own_map(dtrace_hdl_t *dtp)
{
	struct usdt_state *st = dt_usdt_state(dtp);
	if (!st)
		return -1;
	if (!st->own_fd) {
		int fd = dt_bpf_map_create(dtp, BPF_MAP_TYPE_HASH, "dt_usdt_own", 4,
		    sizeof(struct usdt_own), USDT_OWN_MAX, NULL);
		st->own_fd = fd < 0 ? -1 : fd;
	}
	return st->own_fd;
}

/* to out if the firing process's pid is (in: 1, with bit (1 + its
 * index) set in its value, any value if bit is 0) or is not (0) in the
 * own-pids map */
static void own_check(struct dt_asm *a, int fd, int in, int bit, int out)
{
	dt_asm_emit(a, CALL_HELPER(BPF_FUNC_get_current_pid_tgid));
	dt_asm_emit(a, ALU64_IMM(BPF_RSH, R0, 32));
	dt_asm_emit(a, STX_MEM(BPF_W, R10, R0, -4));
	dt_asm_ld_map_fd(a, R1, fd);
	dt_asm_emit(a, MOV64_REG(R2, R10));
	dt_asm_emit(a, ALU64_IMM(BPF_ADD, R2, -4));
	dt_asm_emit(a, CALL_HELPER(BPF_FUNC_map_lookup_elem));
	if (!in || !bit) {
		dt_asm_jump(a, JMP_IMM(in ? BPF_JNE : BPF_JEQ, R0, 0, 0), out);
		return;
	}
	int fire = dt_asm_new_label(a);
	dt_asm_jump(a, JMP_IMM(BPF_JEQ, R0, 0, 0), fire);
	dt_asm_emit(a, LDX_MEM(BPF_DW, R1, R0, 0));
	dt_asm_emit(a, ALU64_IMM(BPF_RSH, R1, bit - 1));
	dt_asm_emit(a, ALU64_IMM(BPF_AND, R1, 1));
	dt_asm_jump(a, JMP_IMM(BPF_JNE, R1, 0, 0), out);
	dt_asm_place(a, fire);
}

static int usdt_cg_filter(dtrace_hdl_t *dtp, struct dt_asm *a, struct dt_probe *p, int out)
{
	const struct usdt_probe *up = p->priv;
	int fd;
	if (dt_usdt_kind(dtp, p) != USDT_OWN) {
		/* any process mapping the object, but those with probes
		 * of their own (usdtlate.c) */
		if (!getenv("DTRACE_USDT_NOLATE") && (fd = own_map(dtp)) >= 0)
			own_check(a, fd, 1, dt_usdt_obj_bit(dtp, up->path), out);
		return 0;
	}
	int mm = dt_btf_offsetof(dtp, "task_struct", "mm");
	int as = dt_btf_offsetof(dtp, "mm_struct", "arg_start");
	if ((up->own || up->follows > 0) && (fd = own_map(dtp)) >= 0) {
		/* not yet switched to: out; else the exec check against the
		 * image its pid runs now, the map's (usdtlate.c moves it on
		 * at an exec: the probe is the pid's in whatever image maps
		 * its object) */
		own_check(a, fd, 0, 0, out);
		if (mm < 0 || as < 0)
			return 0;
		int fire = dt_asm_new_label(a);
		dt_asm_emit(a, LDX_MEM(BPF_DW, R1, R0, (int16_t)offsetof(struct usdt_own, image)));
		dt_asm_jump(a, JMP_IMM(BPF_JEQ, R1, 0, 0), fire);	/* not known */
		dt_asm_emit(a, STX_MEM(BPF_DW, R10, R1, -16));
		dt_asm_emit(a, CALL_HELPER(BPF_FUNC_get_current_task_btf));
		dt_asm_emit(a, LDX_MEM(BPF_DW, R3, R0, (int16_t)mm));
		dt_asm_jump(a, JMP_IMM(BPF_JEQ, R3, 0, 0), out);
		dt_asm_emit(a, LDX_MEM(BPF_DW, R1, R3, (int16_t)as));
		dt_asm_emit(a, LDX_MEM(BPF_DW, R2, R10, -16));
		dt_asm_jump(a, JMP_REG(BPF_JNE, R1, R2, 0), out);
		dt_asm_place(a, fire);
		return 0;
	}
	if (!up->arg_start || mm < 0 || as < 0)
		return 0;
	dt_asm_emit(a, CALL_HELPER(BPF_FUNC_get_current_task_btf));
	dt_asm_emit(a, LDX_MEM(BPF_DW, R3, R0, (int16_t)mm));
	dt_asm_jump(a, JMP_IMM(BPF_JEQ, R3, 0, 0), out);
	dt_asm_emit(a, LDX_MEM(BPF_DW, R1, R3, (int16_t)as));
	dt_asm_ld_imm64(a, R2, 0, up->arg_start);
	dt_asm_jump(a, JMP_REG(BPF_JNE, R1, R2, 0), out);
	return 0;
}

/* ---- arguments ---- */

/* do sites x and y load argument i alike? */
static int same_arg(const struct usdt_site *x, const struct usdt_site *y, int i)
{
	int inx = i < x->nargs, iny = i < y->nargs;
	if (inx != iny)
		return 0;
	if (!inx)
		return 1;
	const struct dt_sdt_arg *a = &x->args[i], *b = &y->args[i];
	if (a->kind != b->kind || a->size != b->size || a->sign != b->sign)
		return 0;
	switch (a->kind) {
	case DT_SDT_ARG_REG:
		return a->reg == b->reg;
	case DT_SDT_ARG_CONST:
		return a->disp == b->disp;
	case DT_SDT_ARG_MEM:
		if (a->reg != b->reg || a->index != b->index || a->scale != b->scale)
			return 0;
		/* %rip-relative: the same distance from the site */
		return a->reg == DT_SDT_REG_RIP ? a->disp - (int64_t)x->pc == b->disp -
		    (int64_t)y->pc : a->disp == b->disp;
	default:
		return 1;
	}
}

/* cut the 64 bits in reg to size bytes, sign- or zero-extended */
static void extend(struct dt_asm *a, int reg, int size, int sign)
{
	if (size >= 8 || size <= 0)
		return;
	dt_asm_emit(a, ALU64_IMM(BPF_LSH, reg, 64 - 8 * size));
	dt_asm_emit(a, ALU64_IMM(sign ? BPF_ARSH : BPF_RSH, reg, 64 - 8 * size));
}

/* R3 = the address of memory operand g of site s (R4 used) */
static void mem_addr(struct dt_asm *a, const struct usdt_site *s, const struct dt_sdt_arg *g)
{
	int64_t disp = g->disp;
	if (g->reg == DT_SDT_REG_RIP) {
		dt_asm_emit(a, LDX_MEM(BPF_DW, R3, R6, PT_IP));
		disp -= (int64_t)s->pc;	/* the load bias: ip - pc */
	} else if (g->reg >= 0) {
		dt_asm_emit(a, LDX_MEM(BPF_DW, R3, R6, (int16_t)g->reg));
	} else {
		dt_asm_emit(a, MOV64_IMM(R3, 0));
	}
	if (g->index >= 0) {
		dt_asm_emit(a, LDX_MEM(BPF_DW, R4, R6, (int16_t)g->index));
		int sh = g->scale == 8 ? 3 : g->scale == 4 ? 2 : g->scale == 2 ? 1 : 0;
		if (sh)
			dt_asm_emit(a, ALU64_IMM(BPF_LSH, R4, sh));
		dt_asm_emit(a, ALU64_REG(BPF_ADD, R3, R4));
	}
	if (disp) {
		dt_asm_ld_imm64(a, R4, 0, (uint64_t)disp);
		dt_asm_emit(a, ALU64_REG(BPF_ADD, R3, R4));
	}
}

/*
 * Argument i of site s into reg (R0-R5) from the context (R6); R1-R5
 * and R10 - 8 are used.  A memory operand that cannot be read gives 0.
 */
static void load_arg(struct dt_asm *a, const struct usdt_site *s, int i, int reg)
{
	if (i >= s->nargs) {
		dt_asm_emit(a, MOV64_IMM(reg, 0));
		return;
	}
	const struct dt_sdt_arg *g = &s->args[i];
	switch (g->kind) {
	case DT_SDT_ARG_REG:
		dt_asm_emit(a, LDX_MEM(BPF_DW, reg, R6, (int16_t)g->reg));
		break;
	case DT_SDT_ARG_CONST:
		dt_asm_ld_imm64(a, reg, 0, (uint64_t)g->disp);
		return;
	case DT_SDT_ARG_MEM:
		mem_addr(a, s, g);
		dt_asm_emit(a, ST_MEM(BPF_DW, R10, -8, 0));
		dt_asm_emit(a, MOV64_REG(R1, R10));
		dt_asm_emit(a, ALU64_IMM(BPF_ADD, R1, -8));
		dt_asm_emit(a, MOV64_IMM(R2, g->size > 0 && g->size <= 8 ? g->size : 8));
		dt_asm_emit(a, CALL_HELPER(BPF_FUNC_probe_read_user));	/* zeroes on a fault */
		dt_asm_emit(a, LDX_MEM(BPF_DW, reg, R10, -8));
		break;
	default:
		dt_asm_emit(a, MOV64_IMM(reg, 0));
		return;
	}
	extend(a, reg, g->size, g->sign);
}

/*
 * For each group of sites that load arguments first..last alike, its
 * loads: emit(a, site, arg) under a test of the attach cookie (the site's
 * index) when the sites differ.
 */
typedef void usdt_emit_f(struct dt_asm *a, const struct usdt_site *s, void *arg);

static void per_spec(struct dt_asm *a, const struct usdt_probe *up, int first, int last,
    usdt_emit_f *fn, void *arg)
{
	int ngroups = 0, *grp = calloc((size_t)up->nsites, sizeof(int));
	if (!grp) {
		fn(a, &up->sites[0], arg);
		return;
	}
	for (int s = 0; s < up->nsites; s++) {
		grp[s] = -1;
		for (int t = 0; t < s && grp[s] < 0; t++) {
			int same = 1;
			for (int i = first; i <= last && same; i++)
				same = same_arg(&up->sites[s], &up->sites[t], i);
			if (same)
				grp[s] = grp[t];
		}
		if (grp[s] < 0)
			grp[s] = ngroups++;
	}
	if (ngroups == 1) {
		fn(a, &up->sites[0], arg);
		free(grp);
		return;
	}
	int done = dt_asm_new_label(a);
	dt_asm_emit(a, MOV64_REG(R1, R6));
	dt_asm_emit(a, CALL_HELPER(BPF_FUNC_get_attach_cookie));
	dt_asm_emit(a, STX_MEM(BPF_DW, R10, R0, -16));
	for (int g = 0; g < ngroups; g++) {
		int next = dt_asm_new_label(a), body = dt_asm_new_label(a), rep = -1;
		dt_asm_emit(a, LDX_MEM(BPF_DW, R0, R10, -16));
		for (int s = 0; s < up->nsites; s++) {
			if (grp[s] != g)
				continue;
			if (rep < 0)
				rep = s;
			dt_asm_jump(a, JMP_IMM(BPF_JEQ, R0, s, 0), body);
		}
		if (g < ngroups - 1)
			dt_asm_jump(a, JA(0), next);
		dt_asm_place(a, body);
		fn(a, &up->sites[rep], arg);
		dt_asm_jump(a, JA(0), done);
		dt_asm_place(a, next);
	}
	dt_asm_place(a, done);
	free(grp);
}

struct argsreq {
	int nargs, reg;
};

static void emit_frame_args(struct dt_asm *a, const struct usdt_site *s, void *arg)
{
	const struct argsreq *r = arg;
	for (int i = 0; i < r->nargs; i++) {
		load_arg(a, s, i, R0);
		dt_asm_emit(a, STX_MEM(BPF_DW, R9, R0, DT_MS_ARGS + 8 * i));
	}
}

static int usdt_cg_args(dtrace_hdl_t *dtp, struct dt_asm *a, struct dt_probe *p, int nargs)
{
	(void)dtp;
	const struct usdt_probe *up = p->priv;
	struct argsreq r = { nargs < USDT_MAXARGS ? nargs : USDT_MAXARGS, 0 };
	if (r.nargs > 0)
		per_spec(a, up, 0, r.nargs - 1, emit_frame_args, &r);
	return 0;
}

static void emit_uarg(struct dt_asm *a, const struct usdt_site *s, void *arg)
{
	const struct argsreq *r = arg;
	load_arg(a, s, r->nargs, r->reg);
}

/* argument i into reg for the sleepable companion (cg/prefault.c) */
static int usdt_cg_uarg(dtrace_hdl_t *dtp, struct dt_asm *a, struct dt_probe *p, int i, int reg)
{
	(void)dtp;
	const struct usdt_probe *up = p->priv;
	if (i < 0 || i >= USDT_MAXARGS)
		return -1;
	struct argsreq r = { i, reg };
	per_spec(a, up, i, i, emit_uarg, &r);
	return 0;
}

struct checkreq {
	int i, bad;
};

/* to bad with R3 the address if argument r->i of s cannot be had */
static void emit_check(struct dt_asm *a, const struct usdt_site *s, void *arg)
{
	const struct checkreq *r = arg;
	if (r->i >= s->nargs)
		return;
	const struct dt_sdt_arg *g = &s->args[r->i];
	if (g->kind == DT_SDT_ARG_BAD) {	/* a conditional jump: what
						   follows stays reachable for
						   the verifier's graph check */
		dt_asm_emit(a, MOV64_IMM(R3, 0));
		dt_asm_jump(a, JMP_IMM(BPF_JEQ, R3, 0, 0), r->bad);
	} else if (g->kind == DT_SDT_ARG_MEM) {	/* read again: faults? */
		mem_addr(a, s, g);
		dt_asm_emit(a, STX_MEM(BPF_DW, R10, R3, -24));
		dt_asm_emit(a, MOV64_REG(R1, R10));
		dt_asm_emit(a, ALU64_IMM(BPF_ADD, R1, -8));
		dt_asm_emit(a, MOV64_IMM(R2, g->size > 0 && g->size <= 8 ? g->size : 8));
		dt_asm_emit(a, CALL_HELPER(BPF_FUNC_probe_read_user));
		dt_asm_emit(a, LDX_MEM(BPF_DW, R3, R10, -24));
		dt_asm_jump(a, JMP_IMM(BPF_JSLT, R0, 0, 0), r->bad);
	}
}

/* A clause reads argument i: to bad, R3 the address (0: none), at the
 * sites whose spec for it could not be decoded or whose memory operand
 * cannot be read (sites that differ told apart by the attach cookie). */
static int usdt_cg_argcheck(dtrace_hdl_t *dtp, struct dt_asm *a, struct dt_probe *p, int i,
    int bad)
{
	(void)dtp;
	const struct usdt_probe *up = p->priv;
	int any = 0;
	for (int s = 0; s < up->nsites; s++)
		any |= i < up->sites[s].nargs && (up->sites[s].args[i].kind == DT_SDT_ARG_BAD ||
		    up->sites[s].args[i].kind == DT_SDT_ARG_MEM);
	if (!any)
		return 0;
	struct checkreq r = { i, bad };
	per_spec(a, up, i, i, emit_check, &r);
	return 1;
}

static const char *usdt_argtype(dtrace_hdl_t *dtp, struct dt_probe *p, int i, int native)
{
	(void)dtp;
	(void)native;
	static const char *const types[2][4] = {
		{ "uint8_t", "uint16_t", "uint32_t", "uint64_t" },
		{ "int8_t", "int16_t", "int32_t", "int64_t" },
	};
	const struct usdt_probe *up = p->priv;
	if (i < 0 || !up->nsites || i >= up->sites[0].nargs || i >= USDT_MAXARGS)
		return NULL;
	const struct dt_sdt_arg *g = &up->sites[0].args[i];
	int k = g->size == 1 ? 0 : g->size == 2 ? 1 : g->size == 4 ? 2 : 3;
	return types[g->sign ? 1 : 0][k];
}

/* ---- attaching ---- */

static int attach_points(dtrace_hdl_t *dtp, struct dt_probe *p, int prog_fd, int late)
{
	struct usdt_probe *up = p->priv;
	struct usdt_state *st = dt_usdt_state(dtp);
	if (!st)
		return dt_set_err(dtp, "out of memory");
	int kind = dt_usdt_kind(dtp, p);
	if (kind == USDT_FOLLOWER)
		return 0;	/* it fires through the first of its site */
	if (!up->desc && asprintf(&up->desc, "%s:%s:%s:%s", p->prov, p->mod, p->func,
	    p->name) < 0) {
		up->desc = NULL;
		return dt_set_err(dtp, "out of memory");
	}
	for (int s = 0; s < up->nsites; s++) {
		struct dt_uprobe_pt pt = { up->path, up->sites[s].off, (uint64_t)s, prog_fd,
			kind == USDT_FILE ? 0 : up->pid, 0, up->desc, p->id, late,
			up->sites[s].sema_off, up->glob_only };
		if (dt_uprobe_add(dtp, &st->pending, &pt) < 0)
			return -1;
	}
	return 0;
}

static int usdt_attach(dtrace_hdl_t *dtp, struct dt_probe *p, int prog_fd)
{
	struct usdt_state *st = dt_usdt_state(dtp);
	if (!st)
		return dt_set_err(dtp, "out of memory");
	if (attach_points(dtp, p, prog_fd, 0) < 0)
		return -1;
	if (p->prefault_fd >= 0 && attach_points(dtp, p, p->prefault_fd, 1) < 0)
		return -1;
	/* linked together once the last enabled probe is attached */
	if (!st->counted) {
		st->counted = 1;
		for (uint32_t i = 0; i < dtp->nprobes; i++)
			if (dtp->probes[i]->ops == &dt_prov_usdt && dtp->probes[i]->nclauses)
				st->to_attach++;
	}
	if (st->to_attach && --st->to_attach)
		return 0;
	if (dt_uprobe_attach(dtp, &dt_prov_usdt, &st->pending) < 0)
		return -1;
	return dt_usdt_late_start(dtp, st);	/* before BEGIN: no exec missed */
}

static int usdt_start(dtrace_hdl_t *dtp)
{
	void **slot = dt_prov_state(dtp, &dt_prov_usdt);
	struct usdt_state *st = slot ? *slot : NULL;
	if (!st)
		return 0;
	if (st->pending.n && dt_uprobe_attach(dtp, &dt_prov_usdt, &st->pending) < 0)
		return -1;
	return dt_usdt_late_start(dtp, st);
}

static void usdt_stop(dtrace_hdl_t *dtp)
{
	void **slot = dt_prov_state(dtp, &dt_prov_usdt);
	if (slot && *slot)
		dt_usdt_late_stop(*slot);
}

static void usdt_fini(dtrace_hdl_t *dtp, void *state)
{
	(void)dtp;
	struct usdt_state *st = state;
	if (!st)
		return;
	dt_uprobe_clear(&st->pending);
	dt_usdt_late_free(st);
	if (st->own_fd > 0)
		close(st->own_fd);
	for (size_t i = 0; i < st->ndescs; i++) {
		free(st->descs[i].prov);
		free(st->descs[i].mod);
		free(st->descs[i].func);
		free(st->descs[i].name);
	}
	free(st->descs);
	for (size_t i = 0; i < st->nobjs; i++)
		dt_sdt_free(st->objs[i].notes, st->objs[i].n);
	free(st->objs);
	free(st);
}

static void usdt_free_priv(struct dt_probe *p)
{
	struct usdt_probe *up = p->priv;
	if (up) {
		free(up->path);
		free(up->desc);
		free(up->sites);
	}
	free(up);
	p->priv = NULL;
}

/* The provider definition describing p (provdef.h): the note's
 * provider, p's provider without the process id (python for python1234). */
static const char *usdt_defname(const struct dt_probe *p)
{
	static __thread char buf[128];
	const struct usdt_probe *up = p->priv;
	char pid[16];
	int n = snprintf(pid, sizeof(pid), "%d", up ? up->pid : 0);
	size_t len = strlen(p->prov);
	if (!up || (size_t)n >= len || strcmp(p->prov + len - (size_t)n, pid))
		return NULL;
	snprintf(buf, sizeof(buf), "%.*s", (int)(len - (size_t)n), p->prov);
	return buf;
}

const struct dt_provider_ops dt_prov_usdt = {
	.name = "usdt",
	.attr = { { DT_ST_EVOLVING, DT_ST_EVOLVING, DT_CL_ISA }, { DT_ST_PRIVATE, DT_ST_PRIVATE, DT_CL_UNKNOWN },
	    { DT_ST_PRIVATE, DT_ST_PRIVATE, DT_CL_UNKNOWN }, { DT_ST_EVOLVING, DT_ST_EVOLVING, DT_CL_ISA },
	    { DT_ST_EVOLVING, DT_ST_EVOLVING, DT_CL_ISA } },
	.prog_type = BPF_PROG_TYPE_KPROBE,
	.flags = DT_PROVF_PREFAULT,
	.attach_type = DT_BPF_TRACE_UPROBE_MULTI,
	.provide_pdesc = usdt_provide_pdesc,
	.argtype = usdt_argtype,
	.cg_filter = usdt_cg_filter,
	.prov_base = usdt_prov_base,
	.cg_uarg = usdt_cg_uarg,
	.cg_args = usdt_cg_args,
	.attach = usdt_attach,
	.start = usdt_start,
	.stop = usdt_stop,
	.poll = dt_usdt_late_poll,
	.pollfd = dt_usdt_late_pollfd,
	.fini = usdt_fini,
	.free_priv = usdt_free_priv,
	.defname = usdt_defname,
	.cg_argcheck = usdt_cg_argcheck,
};
