/*
 * io.c - the io provider: block device I/O, as the Dynamic Tracing
 * Guide's io provider defines it, from the kernel's block-layer
 * tracepoints.
 *
 * start is block_rq_issue (a request handed to the device's driver),
 * done is block_rq_complete (the driver completed the request's bytes,
 * before the block layer's completion processing).  Both tracepoints'
 * first argument is the struct request *; args[0..2] are it, translated
 * by dlib/io.d to bufinfo_t and devinfo_t (the argxlate hook), as in
 * lib/prov/proc.c.  args[2] is the file the request's data belongs to:
 * the inode of the page cache page its first segment starts in, when
 * that page (the head of its folio) belongs to a regular file's mapping;
 * else NULL (direct I/O's user pages, metadata of the block device's own
 * mapping, requests without data), translated to fileinfo_t by io.d.
 *
 * wait-start and wait-done are not provided: Linux has no tracepoint
 * where a thread starts or stops waiting for a given I/O request (a
 * submitter sleeps in io_schedule() on a completion or a page lock,
 * neither of which names the request), so they are not listed.
 */
#include <string.h>
#include "tracepoint.h"
#include "kernel/btf.h"

extern const struct dt_provider_ops dt_prov_io;

struct io_probe {
	const char *name;
	const char *tp;			/* the kernel tracepoint */
};

static const struct io_probe probes[] = {
	{ "start", "block_rq_issue" },		/* (struct request *rq) */
	{ "done", "block_rq_complete" },	/* (rq, blk_status_t, nr_bytes) */
};
#define NPROBES ((int)(sizeof(probes) / sizeof(probes[0])))

/* the Guide's argument types, and the kernel's they are translated from */
static const char *const argtypes[] = { "bufinfo_t *", "devinfo_t *", "fileinfo_t *" };
static const char *const natives[] = { "struct request *", "struct block_device *",
    "struct inode *" };
#define NARGS 3

static int io_populate(dtrace_hdl_t *dtp)
{
	for (int i = 0; i < NPROBES; i++)
		if (!dt_probe_create(dtp, &dt_prov_io, "vmlinux", "", probes[i].name,
		    (uint64_t)i))
			return -1;
	return 0;
}

static const struct io_probe *probe_of(const struct dt_probe *p)
{
	return &probes[p->pdata];
}

static const char *io_argtype(dtrace_hdl_t *dtp, struct dt_probe *p, int i, int native)
{
	(void)dtp;
	(void)p;
	(void)native;
	return i >= 0 && i < NARGS ? argtypes[i] : NULL;
}

static const char *io_argxlate(dtrace_hdl_t *dtp, struct dt_probe *p, int i)
{
	(void)dtp;
	(void)p;
	return i >= 0 && i < NARGS ? natives[i] : NULL;
}

/* the kernel structures' offsets args[2] is found through */
struct io_offs { int bio, io_vec, page, head, mapping, host, mode; };

static int io_offsets(dtrace_hdl_t *dtp, struct io_offs *o)
{
	o->bio = dt_btf_offsetof(dtp, "request", "bio");
	o->io_vec = dt_btf_offsetof(dtp, "bio", "bi_io_vec");
	o->page = dt_btf_offsetof(dtp, "bio_vec", "bv_page");
	o->head = dt_btf_offsetof(dtp, "page", "compound_head");
	o->mapping = dt_btf_offsetof(dtp, "page", "mapping");
	o->host = dt_btf_offsetof(dtp, "address_space", "host");
	o->mode = dt_btf_offsetof(dtp, "inode", "i_mode");
	return o->bio < 0 || o->io_vec < 0 || o->page < 0 || o->head < 0 ||
	    o->mapping < 0 || o->host < 0 || o->mode < 0 ? -1 : 0;
}

/* the frame's args[8] and args[9]: read buffers while args[2] is found */
#define S_READ	(DT_MS_ARGS + 8 * 8)
#define S_KEEP	(DT_MS_ARGS + 8 * 9)

/* R3 = *(u64 *)(R3 + off), through S_READ; a failed read jumps to out */
static void rd(struct dt_asm *a, int off, int out)
{
	dt_asm_emit(a, MOV64_REG(R1, R9));
	dt_asm_emit(a, ALU64_IMM(BPF_ADD, R1, S_READ));
	dt_asm_emit(a, MOV64_IMM(R2, 8));
	dt_asm_emit(a, ALU64_IMM(BPF_ADD, R3, off));
	dt_asm_emit(a, CALL_HELPER(BPF_FUNC_probe_read_kernel));
	dt_asm_jump(a, JMP_IMM(BPF_JNE, R0, 0, 0), out);
	dt_asm_emit(a, LDX_MEM(BPF_DW, R3, R9, S_READ));
}

/*
 * args[2]: rq->bio->bi_io_vec[0].bv_page, its folio's head page (a tail
 * page's compound_head is the head's address plus 1), the head's mapping
 * (not an anonymous or movable one: low bits clear), its host inode if
 * that is a regular file; else 0.
 */
static void io_file(struct dt_asm *a, const struct io_offs *o)
{
	int none = dt_asm_new_label(a), done = dt_asm_new_label(a);
	int nottail = dt_asm_new_label(a);
	dt_asm_emit(a, LDX_MEM(BPF_DW, R3, R6, 0));
	dt_asm_jump(a, JMP_IMM(BPF_JEQ, R3, 0, 0), none);
	rd(a, o->bio, none);
	dt_asm_jump(a, JMP_IMM(BPF_JEQ, R3, 0, 0), none);
	rd(a, o->io_vec, none);
	dt_asm_jump(a, JMP_IMM(BPF_JEQ, R3, 0, 0), none);
	rd(a, o->page, none);
	dt_asm_jump(a, JMP_IMM(BPF_JEQ, R3, 0, 0), none);
	dt_asm_emit(a, STX_MEM(BPF_DW, R9, R3, S_KEEP));
	rd(a, o->head, none);
	dt_asm_emit(a, MOV64_REG(R4, R3));
	dt_asm_emit(a, ALU64_IMM(BPF_AND, R4, 1));
	dt_asm_jump(a, JMP_IMM(BPF_JEQ, R4, 0, 0), nottail);
	dt_asm_emit(a, ALU64_IMM(BPF_SUB, R3, 1));
	dt_asm_emit(a, STX_MEM(BPF_DW, R9, R3, S_KEEP));
	dt_asm_place(a, nottail);
	dt_asm_emit(a, LDX_MEM(BPF_DW, R3, R9, S_KEEP));
	rd(a, o->mapping, none);
	dt_asm_jump(a, JMP_IMM(BPF_JEQ, R3, 0, 0), none);
	dt_asm_emit(a, MOV64_REG(R4, R3));
	dt_asm_emit(a, ALU64_IMM(BPF_AND, R4, 3));
	dt_asm_jump(a, JMP_IMM(BPF_JNE, R4, 0, 0), none);
	rd(a, o->host, none);
	dt_asm_jump(a, JMP_IMM(BPF_JEQ, R3, 0, 0), none);
	dt_asm_emit(a, STX_MEM(BPF_DW, R9, R3, S_KEEP));
	rd(a, o->mode, none);			/* i_mode: the low 16 bits */
	dt_asm_emit(a, ALU64_IMM(BPF_AND, R3, 0xf000));
	dt_asm_jump(a, JMP_IMM(BPF_JNE, R3, 0x8000, 0), none);	/* S_IFREG */
	dt_asm_emit(a, LDX_MEM(BPF_DW, R0, R9, S_KEEP));
	dt_asm_emit(a, STX_MEM(BPF_DW, R9, R0, DT_MS_ARGS + 16));
	dt_asm_jump(a, JA(0), done);
	dt_asm_place(a, none);
	dt_asm_emit(a, ST_MEM(BPF_DW, R9, DT_MS_ARGS + 16, 0));
	dt_asm_place(a, done);
	dt_asm_emit(a, ST_MEM(BPF_DW, R9, S_READ, 0));
	dt_asm_emit(a, ST_MEM(BPF_DW, R9, S_KEEP, 0));
}

/*
 * args[1]: the block device the request is for: rq->part (the partition
 * or the whole disk), or, for a request without one (a flush), its
 * disk's own, rq->q->disk->part0; 0 if unreadable.  Found here, once,
 * rather than by the translator, so dev_statname costs two reads.
 */
static int io_bdev(dtrace_hdl_t *dtp, struct dt_asm *a)
{
	int part = dt_btf_offsetof(dtp, "request", "part");
	int q = dt_btf_offsetof(dtp, "request", "q");
	int disk = dt_btf_offsetof(dtp, "request_queue", "disk");
	int part0 = dt_btf_offsetof(dtp, "gendisk", "part0");
	if (part < 0 || q < 0 || disk < 0 || part0 < 0)
		return dt_set_err(dtp, "cannot find the block device of io:::'s requests: "
		    "no request.part, request.q, request_queue.disk or gendisk.part0 in BTF");
	int none = dt_asm_new_label(a), done = dt_asm_new_label(a);
	dt_asm_emit(a, LDX_MEM(BPF_DW, R3, R6, 0));
	dt_asm_emit(a, STX_MEM(BPF_DW, R9, R3, S_KEEP));
	rd(a, part, none);
	dt_asm_jump(a, JMP_IMM(BPF_JNE, R3, 0, 0), done);
	dt_asm_emit(a, LDX_MEM(BPF_DW, R3, R9, S_KEEP));
	rd(a, q, none);
	dt_asm_jump(a, JMP_IMM(BPF_JEQ, R3, 0, 0), none);
	rd(a, disk, none);
	dt_asm_jump(a, JMP_IMM(BPF_JEQ, R3, 0, 0), none);
	rd(a, part0, none);
	dt_asm_jump(a, JA(0), done);
	dt_asm_place(a, none);
	dt_asm_emit(a, MOV64_IMM(R3, 0));
	dt_asm_place(a, done);
	dt_asm_emit(a, STX_MEM(BPF_DW, R9, R3, DT_MS_ARGS + 8));
	dt_asm_emit(a, ST_MEM(BPF_DW, R9, S_READ, 0));
	dt_asm_emit(a, ST_MEM(BPF_DW, R9, S_KEEP, 0));
	return 0;
}

/* args[0] = the request (raw tracepoint argument 0), args[1] its block
 * device, args[2] its file's inode or NULL */
static int io_cg_args(dtrace_hdl_t *dtp, struct dt_asm *a, struct dt_probe *p, int nargs)
{
	(void)p;
	struct io_offs o;
	if (nargs > 2) {
		if (io_offsets(dtp, &o) < 0)
			return -1;
		io_file(a, &o);
	}
	if (nargs > 1 && io_bdev(dtp, a) < 0)
		return -1;
	if (nargs > 0) {
		dt_asm_emit(a, LDX_MEM(BPF_DW, R0, R6, 0));
		dt_asm_emit(a, STX_MEM(BPF_DW, R9, R0, DT_MS_ARGS));
	}
	for (int i = NARGS; i < nargs; i++)
		dt_asm_emit(a, ST_MEM(BPF_DW, R9, DT_MS_ARGS + 8 * i, 0));
	return 0;
}

static const char *io_tp_event(const struct dt_probe *p)
{
	return probe_of(p)->tp;
}

static int io_attach(dtrace_hdl_t *dtp, struct dt_probe *p, int prog_fd)
{
	return dt_rawtp_attach(dtp, p, probe_of(p)->tp, prog_fd);
}

const struct dt_provider_ops dt_prov_io = {
	.name = "io",
	.attr = { { DT_ST_EVOLVING, DT_ST_EVOLVING, DT_CL_ISA }, { DT_ST_PRIVATE, DT_ST_PRIVATE, DT_CL_UNKNOWN },
	    { DT_ST_PRIVATE, DT_ST_PRIVATE, DT_CL_UNKNOWN }, { DT_ST_EVOLVING, DT_ST_EVOLVING, DT_CL_ISA },
	    { DT_ST_EVOLVING, DT_ST_EVOLVING, DT_CL_ISA } },
	.prog_type = BPF_PROG_TYPE_RAW_TRACEPOINT,
	.populate = io_populate,
	.argtype = io_argtype,
	.argxlate = io_argxlate,
	.cg_args = io_cg_args,
	.tp_event = io_tp_event,
	.attach = io_attach,
};
