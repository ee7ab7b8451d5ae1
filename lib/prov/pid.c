/*
 * pid.c - the pid provider: pidNNN:module:function:entry, :return and
 * :OFFSET, on uprobes.
 *
 * A pid provider has no probes until a description names a process:
 * pid123 (after $target or $1 is expanded) makes, on demand, the probes
 * of that process that the module, function and name fields match
 * (provide_pdesc, before the description is matched), and no others: a
 * description naming libc.so.6 reads libc's symbols only.  Modules are
 * named as DTrace names them: a.out for the executable, else the base
 * name of the mapped file; a module field also matches the full path,
 * the real base name of the executable, and a base name up to one of its
 * '.' suffixes (libc, libc.so), as the Guide allows.  Functions are the
 * object's (kernel/usyms.c: .symtab, else .dynsym, merged with its debug
 * file's), one probe per address when the function field is a glob,
 * which any of the address's names may match (named by the name a user
 * stack prints there if it matches), the name as written when it is
 * exact (an alias is as good as its preferred name); sizeless symbols,
 * and _init and _fini under a glob, are left out as DTrace does.
 *
 * Names follow DTrace's dt_pid.c: a name matching "entry" makes the
 * entry probe, one matching "return" the return probe; a name that is
 * neither nor a glob is a hexadecimal offset into the function, refused
 * past the function's end and between instruction boundaries; a glob
 * name (an empty one is "*") also makes an offset probe at every
 * instruction whose offset matches it.
 *
 * Each probe is a set of attach points (object file, file offset):
 * entry at the function's first instruction; return at every
 * instruction that leaves the function (ret, a tail-call jump out),
 * arg0 the offset of the returning instruction (found by its address in
 * the dt_pid_ret map) and arg1 %rax, as DTrace has them (a function that
 * does not decode completely gets a uretprobe instead: arg0 is then 0
 * and the probe fires in the caller, after the return; one without such
 * an instruction gets no point); an offset probe at that instruction.  Attaching only collects points (prov/uprobe.c); the
 * links, one multi-uprobe link per object and program (of at most 8192
 * points) with the kernel's pid filter, are made together once the last probe is attached.
 *
 * Programs are BPF_PROG_TYPE_KPROBE with the user registers (struct
 * pt_regs) as context: entry arguments are %rdi, %rsi, %rdx, %rcx, %r8,
 * %r9, then the stack above the return address; offset probes get the
 * six registers (DTrace leaves their arguments undefined).
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <bpf/bpf.h>
#include "kernel/bpfmap.h"
#include <elfutils/libdw.h>
#include <dwarf.h>
#include "pid.h"
#include "kernel/bpf_asm.h"
#include "kernel/btf.h"
#include "kernel/insn.h"
#include "kernel/udebug.h"
#include "kernel/usyms.h"

enum { PID_ENTRY, PID_RETURN, PID_OFFSET };

#define PID_MAXARGS	10	/* the frame's args[] */

/* a probe's p->priv */
struct pid_probe {
	int pid;
	int kind;		/* PID_* */
	char *path;		/* the object file */
	uint64_t vaddr, size;	/* the function, as its symbol table has it */
	uint64_t foff;		/* its file offset */
	uint64_t off;		/* PID_OFFSET: the instruction's offset in it */
	uint64_t arg_start;	/* the process image's (0: unknown), see pid_cg_filter */
	char *desc;		/* its full name, for messages (when attached) */
	struct pid_types *types;	/* args[] from DWARF, read on first use */
};

/* a probe's argument types from the function's DWARF (pid_argtype) */
#define PID_TYPELEN	64
struct pid_types {
	int known;		/* 1: from DWARF; 0: none (uint64_t) */
	int n;			/* arguments typed (more are uint64_t if vararg) */
	int vararg;
	char d[PID_MAXARGS][PID_TYPELEN], native[PID_MAXARGS][PID_TYPELEN];
};


/* an object's DWARF (its own or its debug file's), for argument types */
struct pid_dwarf {
	char *path;
	int fd;
	Elf *elf;
	Dwarf *dw;		/* NULL: none */
	struct dt_udebug dbg;
};

static struct pid_state *state(dtrace_hdl_t *dtp)
{
	void **slot = dt_prov_state(dtp, &dt_prov_pid);
	if (!*slot)
		*slot = calloc(1, sizeof(struct pid_state));
	return *slot;
}

static int is_glob(const char *s)
{
	return strpbrk(s, "*?[\\") != NULL;
}

static int gmatch(const char *pat, const char *s)
{
	return fnmatch(pat, s, 0) == 0;
}

/* ---- making probes ---- */

/* what one description asks of one process */

int dt_pid_mod_match(const char *pat, const char *modname, const char *path)
{
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	if (!*pat)
		return 1;
	if (is_glob(pat))
		return gmatch(pat, modname) || gmatch(pat, base) || gmatch(pat, path);
	if (!strcmp(pat, modname) || !strcmp(pat, base) || !strcmp(pat, path))
		return 1;
	/* an initial part of the base name up to a '.' suffix: libc, libc.so */
	size_t n = strlen(pat);
	return !strncmp(base, pat, n) && base[n] == '.';
}

static int make(struct pctx *c, const char *fname, const char *pname, int kind,
    uint64_t vaddr, uint64_t size, uint64_t foff, uint64_t off)
{
	dtrace_hdl_t *dtp = c->dtp;
	if (dt_probe_lookup(dtp, c->prov, c->modname, fname, pname))
		return 0;
	struct pid_probe *pp = calloc(1, sizeof(*pp));
	if (!pp || !(pp->path = strdup(c->path))) {
		free(pp);
		return dt_set_err(dtp, "out of memory");
	}
	pp->pid = c->pid;
	pp->kind = kind;
	pp->vaddr = vaddr;
	pp->size = size;
	pp->foff = foff;
	pp->off = off;
	pp->arg_start = c->arg_start;
	struct dt_probe *p = dt_probe_create_prov(dtp, &dt_prov_pid, c->prov, c->modname,
	    fname, pname, 0);
	if (!p) {
		free(pp->path);
		free(pp);
		return dt_set_err(dtp, "out of memory");
	}
	p->priv = pp;
	return 0;
}

static int fail(struct pctx *c, enum dt_errtag tag, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static int fail(struct pctx *c, enum dt_errtag tag, const char *fmt, ...)
{
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	dt_set_err(c->dtp, "%s", msg);
	c->dtp->errtag = tag;
	c->failed = 1;
	return 1;
}

/*
 * The instructions of the function at file offset foff, size bytes, of
 * the object at path (kernel/insn.c; from the file, so a live process's
 * uprobe int3 is never seen); -1 with errno if it cannot be read.
 */
static int decode(const char *path, uint64_t foff, uint64_t size, uint64_t vaddr,
    struct dt_insn_fn *f)
{
	memset(f, 0, sizeof(*f));
	uint8_t *code = size ? malloc(size) : NULL;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (!code || fd < 0) {
		int e = code ? errno : ENOMEM;
		free(code);
		if (fd >= 0)
			close(fd);
		errno = e;
		return -1;
	}
	ssize_t n = pread(fd, code, size, (off_t)foff);
	close(fd);
	int rc = n > 0 ? dt_insn_scan(code, (size_t)n, vaddr, f) : -1;
	if (rc == 0 && (uint64_t)n < size)
		f->complete = 0;	/* the file ends first */
	free(code);
	return rc;
}

/* the probes of one function of the object */
static int per_func(void *arg, const char *fname, uint64_t vaddr, uint64_t size)
{
	struct pctx *c = arg;
	const char *nm = *c->name ? c->name : "*";
	int glob = is_glob(nm), made = 0;
	uint64_t foff;

	if (is_glob(c->func) || !*c->func) {
		if (!gmatch(*c->func ? c->func : "*", fname) ||
		    !strcmp(fname, "_init") || !strcmp(fname, "_fini"))
			return 0;
	} else if (strcmp(c->func, fname)) {
		return 0;
	}
	if (dt_usym_fileoff(c->obj, vaddr, &foff) < 0)
		return 0;	/* not in a loaded segment */
	if (gmatch(nm, "entry")) {
		if (make(c, fname, "entry", PID_ENTRY, vaddr, size, foff, 0) < 0)
			return c->failed = 1;
		made++;
	}
	int ret = gmatch(nm, "return");
	if (!glob && !made && !ret) {
		char *end;
		errno = 0;
		unsigned long long off = strtoull(nm, &end, 16);
		if (*end || end == nm || errno || *nm == '-' || *nm == '+')
			return fail(c, D_PROC_NAME, "'%s' is an invalid probe name", nm);
		if (off >= size)
			return fail(c, D_PROC_OFF, "offset 0x%llx outside of function '%s'",
			    off, fname);
		struct dt_insn_fn f;
		if (decode(c->path, foff, size, vaddr, &f) < 0)
			return fail(c, D_UNKNOWN, "failed to create probe at '%s+0x%llx': "
			    "cannot read the function: %s", fname, off, strerror(errno));
		int ok = dt_insn_is_start(&f, (uint32_t)off);
		dt_insn_free(&f);
		if (!ok)
			return fail(c, D_PROC_ALIGN, "offset 0x%llx is not aligned on an instruction",
			    off);
		if (make(c, fname, nm, PID_OFFSET, vaddr, size, foff, off) < 0)
			return c->failed = 1;
	} else if (glob) {
		/* every instruction whose offset the glob matches */
		struct dt_insn_fn f;
		if (decode(c->path, foff, size, vaddr, &f) < 0)
			return fail(c, D_UNKNOWN, "failed to create offset probes in '%s': "
			    "cannot read the function: %s", fname, strerror(errno));
		for (size_t i = 0; i < f.nstarts; i++) {
			char on[24];
			snprintf(on, sizeof(on), "%x", f.starts[i]);
			if (gmatch(nm, on) && make(c, fname, on, PID_OFFSET, vaddr, size, foff,
			    f.starts[i]) < 0) {
				dt_insn_free(&f);
				return c->failed = 1;
			}
		}
		dt_insn_free(&f);
	}
	/* made after the offsets, so that at a ret its offset probe fires
	 * first (probes of one instruction fire in id order) */
	if (ret && make(c, fname, "return", PID_RETURN, vaddr, size, foff, 0) < 0)
		return c->failed = 1;
	return 0;
}

/*
 * Under a function glob, one probe per address, named by the name a user
 * stack prints there if it matches, else by another of its names that
 * does (DTrace takes an address when any of its symbols matches: `str*`
 * has strcasecmp, whose address prints as __strcasecmp).  The names of
 * one address come together, the preferred last (kernel/usyms.c).
 */
struct pgroup {
	struct pctx *c;
	int have;
	uint64_t vaddr, size;
	const char *name;	/* the last name that matches */
};

static int flush_group(struct pgroup *g)
{
	int rc = g->have && g->name ? per_func(g->c, g->name, g->vaddr, g->size) : 0;
	g->have = 0;
	return rc;
}

static int per_alias(void *arg, const char *name, uint64_t vaddr, uint64_t size)
{
	struct pgroup *g = arg;
	if (g->have && vaddr != g->vaddr && flush_group(g))
		return 1;
	if (!g->have) {
		*g = (struct pgroup){ g->c, 1, vaddr, 0, NULL };
	}
	if (size > g->size)
		g->size = size;
	if (gmatch(*g->c->func ? g->c->func : "*", name) && strcmp(name, "_init") &&
	    strcmp(name, "_fini"))
		g->name = name;
	return g->c->failed;
}

int dt_pid_per_obj(void *arg, int obj, const char *path, int aout)
{
	struct pctx *c = arg;
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	const char *modname = aout ? "a.out" : base;
	if (!dt_pid_mod_match(c->mod, modname, path))
		return 0;
	c->obj = obj;
	c->path = path;
	c->modname = modname;
	if (*c->func && !is_glob(c->func)) {
		/* an exact function name may be any of its address's names */
		dt_usym_functions(obj, 1, per_func, c);
		return c->failed;
	}
	struct pgroup g = { c, 0, 0, 0, NULL };
	dt_usym_functions(obj, 1, per_alias, &g);
	if (!c->failed)
		flush_group(&g);
	return c->failed;
}

/* 'pid123': 123, else 0 (not an instance of this provider) */
static int pid_of(const char *prov)
{
	if (strncmp(prov, "pid", 3) || !prov[3])
		return 0;
	for (const char *s = prov + 3; *s; s++)
		if (!isdigit((unsigned char)*s))
			return 0;
	return 1;
}

/*
 * Is pid a process we can trace: not gone, not a zombie, not us?  Its
 * image's arg_start (where its arguments are: a different address
 * after each exec, stack randomization being on) into *arg_start.
 */
int dt_pid_grabbable(int pid, uint64_t *arg_start)
{
	char fn[64], buf[1024];
	*arg_start = 0;
	if (pid == getpid())
		return 0;
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
	/* field 48 is arg_start; s + 2 is field 3 */
	char *save = NULL, *tok = strtok_r(s + 2, " ", &save);
	for (int f = 3; tok && f < 48; f++)
		tok = strtok_r(NULL, " ", &save);
	if (tok)
		*arg_start = strtoull(tok, NULL, 10);
	return 1;
}

static int pid_provide_pdesc(dtrace_hdl_t *dtp, const char *prov, const char *mod,
    const char *func, const char *name)
{
	if (!pid_of(prov))
		return 0;
	errno = 0;
	char *end;
	long pid = strtol(prov + 3, &end, 10);
	if (errno || *end || pid <= 0 || pid > 0x7fffffff) {
		dtp->errtag = D_PROC_BADPID;
		return dt_set_err(dtp, "'%s' does not contain a valid pid", prov);
	}
	struct pctx c = { .dtp = dtp, .pid = (int)pid, .mod = mod, .func = func, .name = name };
	snprintf(c.prov, sizeof(c.prov), "pid%d", (int)pid);
	/* a kernel thread maps no file: nothing to grab either */
	if (!dt_pid_grabbable((int)pid, &c.arg_start) || dt_usym_objects((int)pid, dt_pid_per_obj, &c) <= 0) {
		if (c.failed)
			return -1;
		dtp->errtag = D_PROC_GRAB;
		return dt_set_err(dtp, "failed to grab process %d", (int)pid);
	}
	return c.failed ? -1 : 0;
}

static int pid_match_mod(const struct dt_probe *p, const char *mod)
{
	const struct pid_probe *pp = p->priv;
	return dt_pid_mod_match(mod, p->mod, pp->path);
}

/* ---- the process image ---- */

/*
 * A uprobe is on a file, not on a process image: after the process
 * execs, the kernel's pid filter still lets it fire wherever the new
 * image maps the same file (libc, always).  DTrace's probes go away with
 * the image, so the program first checks that the current image is the
 * one the probe was made for: its mm's arg_start, read from
 * /proc/PID/stat when the probe was made, randomized anew by each exec.
 * (Without address randomization an exec of the same program with the
 * same arguments is not told apart.)  R0-R5 and R10 - 8 are used.
 */
static int pid_cg_filter(dtrace_hdl_t *dtp, struct dt_asm *a, struct dt_probe *p, int out)
{
	const struct pid_probe *pp = p->priv;
	int mm = dt_btf_offsetof(dtp, "task_struct", "mm");
	int as = dt_btf_offsetof(dtp, "mm_struct", "arg_start");
	if (!pp->arg_start || mm < 0 || as < 0)
		return 0;	/* not told apart: documented */
	/* BTF-typed loads (task->mm->arg_start), no helper reads: a load
	 * through a NULL mm reads 0 */
	dt_asm_emit(a, CALL_HELPER(BPF_FUNC_get_current_task_btf));
	dt_asm_emit(a, LDX_MEM(BPF_DW, R3, R0, (int16_t)mm));
	dt_asm_jump(a, JMP_IMM(BPF_JEQ, R3, 0, 0), out);
	dt_asm_emit(a, LDX_MEM(BPF_DW, R1, R3, (int16_t)as));
	dt_asm_ld_imm64(a, R2, 0, pp->arg_start);
	dt_asm_jump(a, JMP_REG(BPF_JNE, R1, R2, 0), out);
	return 0;
}

/* ---- arguments ---- */

/* struct pt_regs (x86_64): where the registers are */
#define PT_R9	64
#define PT_R8	72
#define PT_AX	80
#define PT_CX	88
#define PT_DX	96
#define PT_SI	104
#define PT_DI	112
#define PT_IP	128
#define PT_SP	152

static const int16_t argregs[6] = { PT_DI, PT_SI, PT_DX, PT_CX, PT_R8, PT_R9 };

static int nargs_of(const struct pid_probe *pp)
{
	return pp->kind == PID_RETURN ? 2 : pp->kind == PID_OFFSET ? 6 : PID_MAXARGS;
}

/*
 * Load argument i of probe pp into register reg (R0-R5) from the context
 * (R6, struct pt_regs *): entry arguments 0-5 from their registers, the
 * later ones from the user stack (8 * (i - 5) above %rsp, which points
 * at the return address at the first instruction), read through R10 +
 * tmp (8 bytes of stack; R0-R5 are clobbered); a return probe's arg0
 * is its attach cookie (the returning instruction's offset), arg1
 * %rax.  Past a probe's arguments: 0.
 */
static void load_arg(struct dt_asm *a, const struct pid_probe *pp, int i, int reg, int tmp,
    int retmap_fd)
{
	if (pp->kind == PID_RETURN) {
		if (i == 0) {
			/* the returning instruction's offset, by its address
			 * in this process (0 for a uretprobe: the address is
			 * the caller's) */
			dt_asm_emit(a, CALL_HELPER(BPF_FUNC_get_current_pid_tgid));
			dt_asm_emit(a, ALU64_IMM(BPF_RSH, R0, 32));
			dt_asm_emit(a, STX_MEM(BPF_DW, R10, R0, tmp));
			dt_asm_emit(a, LDX_MEM(BPF_DW, R1, R6, PT_IP));
			dt_asm_emit(a, STX_MEM(BPF_DW, R10, R1, tmp - 8));
			dt_asm_ld_map_fd(a, R1, retmap_fd);
			dt_asm_emit(a, MOV64_REG(R2, R10));
			dt_asm_emit(a, ALU64_IMM(BPF_ADD, R2, tmp - 8));
			dt_asm_emit(a, CALL_HELPER(BPF_FUNC_map_lookup_elem));
			dt_asm_emit(a, JMP_IMM(BPF_JEQ, R0, 0, 1));
			dt_asm_emit(a, LDX_MEM(BPF_DW, R0, R0, 0));
			if (reg != R0)
				dt_asm_emit(a, MOV64_REG(reg, R0));
		} else if (i == 1) {
			dt_asm_emit(a, LDX_MEM(BPF_DW, reg, R6, PT_AX));
		} else {
			dt_asm_emit(a, MOV64_IMM(reg, 0));
		}
		return;
	}
	if (i < 6) {
		dt_asm_emit(a, LDX_MEM(BPF_DW, reg, R6, argregs[i]));
		return;
	}
	if (pp->kind != PID_ENTRY || i >= nargs_of(pp)) {
		dt_asm_emit(a, MOV64_IMM(reg, 0));
		return;
	}
	dt_asm_emit(a, LDX_MEM(BPF_DW, R3, R6, PT_SP));
	dt_asm_emit(a, ALU64_IMM(BPF_ADD, R3, 8 * (i - 5)));
	dt_asm_emit(a, MOV64_REG(R1, R10));
	dt_asm_emit(a, ALU64_IMM(BPF_ADD, R1, tmp));
	dt_asm_emit(a, MOV64_IMM(R2, 8));
	dt_asm_emit(a, CALL_HELPER(BPF_FUNC_probe_read_user));	/* zeroes on a fault */
	dt_asm_emit(a, LDX_MEM(BPF_DW, reg, R10, tmp));
}

/* the map return probes find their arg0 in, made on first use */
static int retmap(dtrace_hdl_t *dtp)
{
	struct pid_state *st = state(dtp);
	if (!st)
		return dt_set_err(dtp, "out of memory");
	if (st->retmap_fd > 0)
		return st->retmap_fd;
	LIBBPF_OPTS(bpf_map_create_opts, o, .map_flags = BPF_F_NO_PREALLOC);
	int fd = dt_bpf_map_create(dtp, BPF_MAP_TYPE_HASH, "dt_pid_ret", 16, 8, 1u << 20, &o);
	if (fd < 0)
		return dt_set_err(dtp, "cannot create the pid provider's return map: %s",
		    strerror(errno));
	if (dt_prov_keep_fd(dtp, &dt_prov_pid, fd) < 0) {
		close(fd);
		return -1;
	}
	return st->retmap_fd = fd;
}

static int pid_cg_args(dtrace_hdl_t *dtp, struct dt_asm *a, struct dt_probe *p, int nargs)
{
	const struct pid_probe *pp = p->priv;
	int rfd = pp->kind == PID_RETURN && nargs > 0 ? retmap(dtp) : 0;
	if (rfd < 0)
		return -1;
	for (int i = 0; i < nargs && i < PID_MAXARGS; i++) {
		load_arg(a, pp, i, R0, -8, rfd);
		dt_asm_emit(a, STX_MEM(BPF_DW, R9, R0, DT_MS_ARGS + 8 * i));
	}
	return 0;
}

/* ---- argument types (DWARF) ---- */

/* t with typedefs and qualifiers looked through */
static Dwarf_Die *dw_strip(Dwarf_Die *t, Dwarf_Die *mem)
{
	for (int k = 0; t && k < 16; k++) {
		int tag = dwarf_tag(t);
		if (tag != DW_TAG_typedef && tag != DW_TAG_const_type &&
		    tag != DW_TAG_volatile_type && tag != DW_TAG_restrict_type)
			return t;
		Dwarf_Attribute at;
		if (!dwarf_attr(t, DW_AT_type, &at) || !dwarf_formref_die(&at, mem))
			return NULL;	/* const void */
		t = mem;
	}
	return t;
}

/* The C spelling of the type of die's DW_AT_type into buf ("void" if
 * none) and its D type (an intN_t / uintN_t for an integer, uint64_t for
 * anything else: a pointer is a user address) into d. */
static void dw_type(Dwarf_Die *die, char *buf, size_t len, char *d, size_t dlen)
{
	Dwarf_Attribute at;
	Dwarf_Die mem, *t = NULL;
	memset(&mem, 0, sizeof(mem));
	snprintf(d, dlen, "uint64_t");
	if (dwarf_attr_integrate(die, DW_AT_type, &at) && dwarf_formref_die(&at, &mem))
		t = &mem;
	/* the spelling: qualifiers, typedef and base names, tags, '*'s */
	char stars[16] = "";
	const char *qual = "";
	Dwarf_Die w = t ? *t : mem, nx;
	Dwarf_Die *c = t ? &w : NULL;
	for (int k = 0; c && k < 16; k++) {
		int tag = dwarf_tag(c);
		if (tag == DW_TAG_pointer_type && strlen(stars) < sizeof(stars) - 1)
			strcat(stars, "*");
		else if (tag == DW_TAG_const_type)
			qual = "const ";	/* const char *, the usual one */
		else if (tag != DW_TAG_volatile_type && tag != DW_TAG_restrict_type &&
		    tag != DW_TAG_pointer_type && tag != DW_TAG_const_type)
			break;
		if (!dwarf_attr(c, DW_AT_type, &at) || !dwarf_formref_die(&at, &nx)) {
			c = NULL;
			break;
		}
		w = nx;
	}
	const char *name = c ? dwarf_diename(c) : NULL;
	int tag = c ? dwarf_tag(c) : 0;
	const char *kw = tag == DW_TAG_structure_type ? "struct " : tag == DW_TAG_union_type ?
	    "union " : tag == DW_TAG_enumeration_type ? "enum " : "";
	snprintf(buf, len, "%s%s%s%s%s", qual, kw, name ? name : c ? "?" : "void",
	    stars[0] ? " " : "", stars);
	/* the D type: an integer's width and sign, else a 64-bit value */
	Dwarf_Die smem, *b = t ? dw_strip(t, &smem) : NULL;
	Dwarf_Word size;
	if (!b || dwarf_aggregate_size(b, &size) != 0 || !size || size > 8 || (size & (size - 1)))
		return;
	if (dwarf_tag(b) == DW_TAG_enumeration_type) {
		snprintf(d, dlen, "int%d_t", (int)size * 8);
		return;
	}
	Dwarf_Word enc;
	if (dwarf_tag(b) != DW_TAG_base_type || !dwarf_attr(b, DW_AT_encoding, &at) ||
	    dwarf_formudata(&at, &enc) != 0)
		return;
	if (enc == DW_ATE_signed || enc == DW_ATE_signed_char)
		snprintf(d, dlen, "int%d_t", (int)size * 8);
	else if (enc == DW_ATE_unsigned || enc == DW_ATE_unsigned_char || enc == DW_ATE_boolean)
		snprintf(d, dlen, "uint%d_t", (int)size * 8);
}

/* the subprogram whose entry is vaddr, in dw */
static int dw_func(Dwarf *dw, uint64_t vaddr, Dwarf_Die *fn)
{
	Dwarf_Die cu, kid;
	if (!dwarf_addrdie(dw, vaddr, &cu) || dwarf_child(&cu, &kid) != 0)
		return -1;
	do {
		Dwarf_Addr lo;
		if (dwarf_tag(&kid) == DW_TAG_subprogram && dwarf_lowpc(&kid, &lo) == 0 &&
		    lo == vaddr) {
			*fn = kid;
			return 0;
		}
	} while (dwarf_siblingof(&kid, &kid) == 0);
	return -1;
}

/* the DWARF of the object at path, opened on first use and kept (the
 * address ranges libdw builds on the first lookup are then built once:
 * libc's debug file has 3,500 functions) */
static Dwarf *dwarf_of(dtrace_hdl_t *dtp, const char *path)
{
	struct pid_state *st = state(dtp);
	if (!st)
		return NULL;
	for (int i = 0; i < st->ndwarfs; i++)
		if (!strcmp(st->dwarfs[i].path, path))
			return st->dwarfs[i].dw;
	struct pid_dwarf *nd = realloc(st->dwarfs, (size_t)(st->ndwarfs + 1) * sizeof(*nd));
	if (!nd)
		return NULL;
	st->dwarfs = nd;
	struct pid_dwarf *d = &nd[st->ndwarfs];
	memset(d, 0, sizeof(*d));
	d->dbg.fd = -1;
	if (!(d->path = strdup(path)))
		return NULL;
	st->ndwarfs++;
	d->fd = open(path, O_RDONLY | O_CLOEXEC);
	if (d->fd < 0)
		return NULL;
	elf_version(EV_CURRENT);
	d->elf = elf_begin(d->fd, ELF_C_READ, NULL);
	d->dw = d->elf ? dwarf_begin_elf(d->elf, DWARF_C_READ, NULL) : NULL;
	if (d->elf && !d->dw) {
		unsigned char id[DT_BUILDID_MAX];
		size_t idlen = dt_udebug_buildid(d->elf, id);
		if (dt_udebug_open(d->elf, path, id, idlen, &d->dbg) == 0)
			d->dw = dwarf_begin_elf(d->dbg.elf, DWARF_C_READ, NULL);
	}
	return d->dw;
}

static void dwarfs_free(struct pid_state *st)
{
	for (int i = 0; i < st->ndwarfs; i++) {
		struct pid_dwarf *d = &st->dwarfs[i];
		if (d->dw)
			dwarf_end(d->dw);
		if (d->dbg.elf)
			dt_udebug_close(&d->dbg);
		if (d->elf)
			elf_end(d->elf);
		if (d->fd >= 0)
			close(d->fd);
		free(d->path);
	}
	free(st->dwarfs);
	st->dwarfs = NULL;
	st->ndwarfs = 0;
}

/* pp's argument types: its function's parameters (entry), its return
 * type (return: args[1]) from the object's DWARF or its debug file's */
static void read_types(dtrace_hdl_t *dtp, struct pid_probe *pp, struct pid_types *ty)
{
	Dwarf *dw = dwarf_of(dtp, pp->path);
	Dwarf_Die fn, kid;
	if (dw && dw_func(dw, pp->vaddr, &fn) == 0) {
		ty->known = 1;	/* (a parameterless entry: unknown, below) */
		if (pp->kind == PID_RETURN) {
			snprintf(ty->d[0], PID_TYPELEN, "uint64_t");
			snprintf(ty->native[0], PID_TYPELEN, "uint64_t");
			dw_type(&fn, ty->native[1], PID_TYPELEN, ty->d[1], PID_TYPELEN);
			ty->n = 2;
		} else if (dwarf_child(&fn, &kid) == 0) {
			do {
				int tag = dwarf_tag(&kid);
				if (tag == DW_TAG_unspecified_parameters)
					ty->vararg = 1;
				if (tag != DW_TAG_formal_parameter || ty->n == PID_MAXARGS)
					continue;
				dw_type(&kid, ty->native[ty->n], PID_TYPELEN, ty->d[ty->n], PID_TYPELEN);
				ty->n++;
			} while (dwarf_siblingof(&kid, &kid) == 0);
		}
		/* no parameter at all: an IFUNC's resolver (strlen's address
		 * is), or a function declared without a prototype, as often
		 * as a (void) one: left untyped */
		if (pp->kind == PID_ENTRY && !ty->n && !ty->vararg)
			ty->known = 0;
	}
}

/* argument i into reg for the sleepable companion (cg/prefault.c): as
 * the probe's own program loads it; a return probe's arg0 is an offset,
 * never an address to fault in */
static int pid_cg_uarg(dtrace_hdl_t *dtp, struct dt_asm *a, struct dt_probe *p, int i, int reg)
{
	(void)dtp;
	const struct pid_probe *pp = p->priv;
	if (i < 0 || i >= nargs_of(pp) || (pp->kind == PID_RETURN && i == 0))
		return -1;
	load_arg(a, pp, i, reg, -8, 0);
	return 0;
}

static const char *pid_argtype(dtrace_hdl_t *dtp, struct dt_probe *p, int i, int native)
{
	struct pid_probe *pp = p->priv;
	if (i < 0 || i >= nargs_of(pp))
		return NULL;
	if (!pp->types && pp->kind != PID_OFFSET && (pp->types = calloc(1, sizeof(*pp->types))))
		read_types(dtp, pp, pp->types);
	const struct pid_types *ty = pp->types;
	if (!ty || !ty->known)
		return "uint64_t";
	if (i < ty->n)
		return native ? ty->native[i] : ty->d[i];
	return ty->vararg ? "uint64_t" : NULL;
}

/* ---- attaching ---- */

static int add_point(dtrace_hdl_t *dtp, struct dt_probe *p, int prog_fd,
    uint64_t off, uint64_t cookie, int ret, int late)
{
	struct pid_probe *pp = p->priv;
	struct pid_state *st = state(dtp);
	if (!st)
		return dt_set_err(dtp, "out of memory");
	if (!pp->desc && asprintf(&pp->desc, "%s:%s:%s:%s", p->prov, p->mod, p->func,
	    p->name) < 0) {
		pp->desc = NULL;
		return dt_set_err(dtp, "out of memory");
	}
	struct dt_uprobe_pt pt = { pp->path, pp->foff + off, cookie, prog_fd, pp->pid, ret,
		pp->desc, p->id, late, 0, 0 };
	return dt_uprobe_add(dtp, &st->pending, &pt);
}

/* where file offset foff of the object at path is mapped in pid (0: not) */
struct where {
	const char *path;
	uint64_t foff, addr;
};

static void where_map(void *arg, uint64_t start, uint64_t end, uint64_t off,
    uint64_t dev, uint64_t ino, const char *path)
{
	(void)dev;
	(void)ino;
	struct where *w = arg;
	if (!w->addr && path && !strcmp(path, w->path) && w->foff >= off &&
	    w->foff < off + (end - start))
		w->addr = start + (w->foff - off);
}

/* a return probe's instruction at offset ret of its function: its
 * address in the process, with ret, into the return map */
static int note_ret(dtrace_hdl_t *dtp, struct dt_probe *p, uint32_t ret)
{
	const struct pid_probe *pp = p->priv;
	struct pid_state *st = state(dtp);
	if (!st || st->retmap_fd <= 0)
		return 0;	/* no program reads arg0 */
	int fd = st->retmap_fd;
	struct where w = { pp->path, pp->foff + ret, 0 };
	dt_usym_maps(pp->pid, where_map, &w);
	if (!w.addr)
		return 0;	/* unmapped since: it cannot fire */
	uint64_t key[2] = { w.addr, (uint64_t)pp->pid }, val = ret;
	if (bpf_map_update_elem(fd, key, &val, BPF_ANY) < 0)
		return dt_set_err(dtp, "failed to enable %s:%s:%s:%s: the return map: %s",
		    p->prov, p->mod, p->func, p->name, strerror(errno));
	return 0;
}

/* p's points for program prog_fd (late: linked after all others) */
static int attach_points(dtrace_hdl_t *dtp, struct dt_probe *p, int prog_fd, uint64_t cookie,
    int late)
{
	const struct pid_probe *pp = p->priv;
	switch (pp->kind) {
	case PID_ENTRY:
		return add_point(dtp, p, prog_fd, 0, cookie, 0, late);
	case PID_OFFSET:
		return add_point(dtp, p, prog_fd, pp->off, cookie, 0, late);
	default:
		break;
	}
	/* a return probe: on each instruction that leaves the function; a
	 * uretprobe where the function does not decode completely.  One
	 * that decodes and has no such instruction (it never returns, or
	 * ends in a jump through a register) gets no point, as in DTrace:
	 * a uretprobe there would replace what its entry finds on the stack,
	 * and code entered by a jump rather than a call (ld.so's
	 * _dl_runtime_resolve, entered from a PLT with the relocation's
	 * index on top of the stack) would crash */
	struct dt_insn_fn f;
	if (decode(pp->path, pp->foff, pp->size, pp->vaddr, &f) < 0)
		return dt_set_err(dtp, "failed to enable %s:%s:%s:%s: cannot read %s: %s",
		    p->prov, p->mod, p->func, p->name, pp->path, strerror(errno));
	int rc = 0;
	if (!f.complete)
		rc = add_point(dtp, p, prog_fd, 0, cookie, 1, late);
	for (size_t i = 0; f.complete && i < f.nrets && rc == 0; i++) {
		rc = add_point(dtp, p, prog_fd, f.rets[i], cookie, 0, late);
		if (rc == 0)
			rc = note_ret(dtp, p, f.rets[i]);
	}
	dt_insn_free(&f);
	return rc;
}

/*
 * Attaching collects points; the links are made when the last enabled
 * pid probe has been attached (its program loaded), all at once: one
 * link per object and program, made in the order that fires probes of
 * one instruction in id order (prov/uprobe.c), and before BEGIN runs,
 * as DTrace enables every probe before BEGIN.
 */
static int attached(dtrace_hdl_t *dtp)
{
	struct pid_state *st = state(dtp);
	if (!st)
		return dt_set_err(dtp, "out of memory");
	if (!st->counted) {
		st->counted = 1;
		for (uint32_t i = 0; i < dtp->nprobes; i++)
			if (dtp->probes[i]->ops == &dt_prov_pid && dtp->probes[i]->nclauses)
				st->to_attach++;
	}
	if (st->to_attach && --st->to_attach)
		return 0;
	return dt_uprobe_attach(dtp, &dt_prov_pid, &st->pending);
}

/* p's program at its points, then its sleepable companion, if it has
 * one, at the same points, linked after every probe program (the kernel
 * runs a uprobe's newest consumer first: the companion faults the pages
 * in before the program reads them) */
static int attach_at(dtrace_hdl_t *dtp, struct dt_probe *p, int prog_fd, uint64_t cookie)
{
	if (attach_points(dtp, p, prog_fd, cookie, 0) < 0)
		return -1;
	return p->prefault_fd >= 0 ? attach_points(dtp, p, p->prefault_fd, cookie, 1) : 0;
}

static int pid_attach(dtrace_hdl_t *dtp, struct dt_probe *p, int prog_fd)
{
	if (attach_at(dtp, p, prog_fd, 0) < 0)
		return -1;
	return attached(dtp);
}

/* shared programs (rt/load.c): probes of one process whose clauses read
 * no argument all emit the same code; reading arguments, entry, return
 * and offset probes load them differently.  The process is in the class
 * for cg_filter's image check. */
static int64_t pid_prog_class(dtrace_hdl_t *dtp, struct dt_probe *p, int nargs)
{
	(void)dtp;
	const struct pid_probe *pp = p->priv;
	/* the exec check (pid_cg_filter) builds the image's arg_start into
	 * the program: probes made before and after an exec must not share
	 * (its bits 4-42 above the pid's 22 bits and the kind's 2) */
	uint64_t img = (pp->arg_start >> 4) & ((1ULL << 39) - 1);
	return (int64_t)(img << 24 | (uint64_t)pp->pid << 2 | (uint64_t)(nargs ? pp->kind + 1 : 0));
}

static int pid_attach_shared(dtrace_hdl_t *dtp, struct dt_probe *p, int prog_fd,
    uint64_t cookie)
{
	if (attach_at(dtp, p, prog_fd, cookie) < 0)
		return -1;
	return attached(dtp);
}

/* tracing starts: anything not linked yet (attaching stopped early) */
static int pid_start(dtrace_hdl_t *dtp)
{
	/* descriptions naming a process: its libraries mapped later too
	 * (pidlate.c), though nothing matched at start */
	struct pid_state *st = dtp->npiddescs ? state(dtp) : NULL;
	if (!st) {
		void **slot = dt_prov_state(dtp, &dt_prov_pid);
		st = slot ? *slot : NULL;
	}
	if (!st)
		return 0;
	if (st->pending.n && dt_uprobe_attach(dtp, &dt_prov_pid, &st->pending) < 0)
		return -1;
	return dt_pid_late_start(dtp, st);
}

static void pid_stop(dtrace_hdl_t *dtp)
{
	void **slot = dt_prov_state(dtp, &dt_prov_pid);
	if (slot && *slot)
		dt_pid_late_stop(*slot);
}

static void pid_fini(dtrace_hdl_t *dtp, void *state)
{
	(void)dtp;
	struct pid_state *st = state;
	if (!st)
		return;
	dt_uprobe_clear(&st->pending);
	dt_pid_late_free(st);
	dwarfs_free(st);
	free(st);
}

static void pid_free_priv(struct dt_probe *p)
{
	struct pid_probe *pp = p->priv;
	if (pp) {
		free(pp->path);
		free(pp->desc);
		free(pp->types);
	}
	free(pp);
	p->priv = NULL;
}

const struct dt_provider_ops dt_prov_pid = {
	.name = "pid",
	.attr = { { DT_ST_EVOLVING, DT_ST_EVOLVING, DT_CL_ISA }, { DT_ST_PRIVATE, DT_ST_PRIVATE, DT_CL_UNKNOWN },
	    { DT_ST_PRIVATE, DT_ST_PRIVATE, DT_CL_UNKNOWN }, { DT_ST_EVOLVING, DT_ST_EVOLVING, DT_CL_ISA },
	    { DT_ST_PRIVATE, DT_ST_PRIVATE, DT_CL_UNKNOWN } },
	.prog_type = BPF_PROG_TYPE_KPROBE,
	.flags = DT_PROVF_PREFAULT,
	.attach_type = DT_BPF_TRACE_UPROBE_MULTI,
	.provide_pdesc = pid_provide_pdesc,
	.match_mod = pid_match_mod,
	.argtype = pid_argtype,
	.cg_filter = pid_cg_filter,
	.cg_uarg = pid_cg_uarg,
	.cg_args = pid_cg_args,
	.attach = pid_attach,
	.prog_class = pid_prog_class,
	.attach_shared = pid_attach_shared,
	.start = pid_start,
	.stop = pid_stop,
	.poll = dt_pid_late_poll,
	.pollfd = dt_pid_late_pollfd,
	.fini = pid_fini,
	.free_priv = pid_free_priv,
};
