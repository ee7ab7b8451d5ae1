/*
 * bpf_dis.c -- eBPF disassembler used by `dtrace -S`.
 *
 * Owns decoding of every eBPF instruction class (ALU/ALU64, JMP/JMP32,
 * LD incl. ld_imm64 pseudo sources, LDX, ST, STX incl. atomics) into
 * readable AT&T-style text, the per-line listing layout, and the helper
 * name table generated from the installed <linux/bpf.h>.  Never reads past
 * insns[n-1]; malformed or unknown encodings print as "<unknown>".
 */
#include <stdarg.h>
#include <stdint.h>
#include <string.h>

#include "bpf_dis.h"

/*
 * Encodings newer than some installed uapi headers; spelled out here so the
 * disassembler understands them whatever <linux/bpf.h> provides.
 */
#define DIS_MODE_MEMSX		0x80	/* LDX sign-extending load */
#define DIS_OP_JCOND		0xe0	/* JMP conditional pseudo jump */
#define DIS_MAY_GOTO		0	/* JCOND src_reg: may_goto */
#define DIS_ATOMIC_FETCH	0x01
#define DIS_ATOMIC_XCHG		(0xe0 | DIS_ATOMIC_FETCH)
#define DIS_ATOMIC_CMPXCHG	(0xf0 | DIS_ATOMIC_FETCH)
#define DIS_ATOMIC_LOAD_ACQ	0x100
#define DIS_ATOMIC_STORE_REL	0x110

/* ld_imm64 src_reg values (numeric, so old headers need not define all). */
#define DIS_PSEUDO_MAP_FD	1
#define DIS_PSEUDO_MAP_VALUE	2
#define DIS_PSEUDO_BTF_ID	3
#define DIS_PSEUDO_FUNC		4
#define DIS_PSEUDO_MAP_IDX	5
#define DIS_PSEUDO_MAP_IDX_VALUE 6

/* call src_reg values. */
#define DIS_CALL_HELPER		0
#define DIS_CALL_PSEUDO		1
#define DIS_CALL_KFUNC		2

#define UNKNOWN			"<unknown>"

/* ---- helper names ------------------------------------------------------ */

#define DIS_HELPER_ENTRY(x)	[BPF_FUNC_##x] = #x
static const char *const helper_names[] = {
	__BPF_FUNC_MAPPER(DIS_HELPER_ENTRY)
};
#undef DIS_HELPER_ENTRY

const char *dt_bpf_helper_name(int id)
{
	if (id < 0 || (size_t)id >= sizeof(helper_names) / sizeof(helper_names[0]))
		return NULL;
	return helper_names[id];
}

/* ---- bounded output buffer -------------------------------------------- */

struct sbuf {
	char *buf;
	size_t len;
	size_t pos;	/* chars wanted so far; may exceed len - 1 */
};

static void sb_init(struct sbuf *sb, char *buf, size_t len)
{
	sb->buf = buf;
	sb->len = buf ? len : 0;
	sb->pos = 0;
	if (sb->len)
		sb->buf[0] = '\0';
}

__attribute__((format(printf, 2, 3)))
static void sb_printf(struct sbuf *sb, const char *fmt, ...)
{
	va_list ap;
	char *dst = NULL;
	size_t room = 0;
	int r;

	if (sb->pos < sb->len) {
		dst = sb->buf + sb->pos;
		room = sb->len - sb->pos;
	}
	va_start(ap, fmt);
	r = vsnprintf(dst, room, fmt, ap);
	va_end(ap);
	if (r > 0)
		sb->pos += (size_t)r;
}

/* Replace whatever was written with s (used to turn a half-decoded line
 * into "<unknown>"). */
static void sb_reset(struct sbuf *sb, const char *s)
{
	sb->pos = 0;
	if (sb->len)
		sb->buf[0] = '\0';
	sb_printf(sb, "%s", s);
}

/* Mnemonic padded like "%-4s " so operands line up; no operands -> bare. */
static void sb_mnem(struct sbuf *sb, const char *m, const char *suffix)
{
	char tmp[32];

	snprintf(tmp, sizeof(tmp), "%s%s", m, suffix ? suffix : "");
	sb_printf(sb, "%-4s ", tmp);
}

/* ---- pieces ------------------------------------------------------------ */

static const char *size_name(int code)
{
	switch (BPF_SIZE(code)) {
	case BPF_B:	return "b";
	case BPF_H:	return "h";
	case BPF_W:	return "w";
	case BPF_DW:	return "dw";
	}
	return "?";
}

/* Memory operand "[%rN+off]". */
static void sb_mem(struct sbuf *sb, int reg, int off)
{
	sb_printf(sb, "[%%r%d%+d]", reg, off);
}

/* Jump target "-> NNNN", flagged when it falls outside the program. */
static void sb_target(struct sbuf *sb, int pc, long long delta, int n)
{
	long long t = (long long)pc + 1 + delta;

	sb_printf(sb, "-> %04lld", t);
	if (t < 0 || t >= n)
		sb_printf(sb, " <out of range>");
}

/* ---- ALU / ALU64 ------------------------------------------------------- */

static int dis_alu(struct sbuf *sb, const struct bpf_insn *in)
{
	int code = in->code;
	int is64 = BPF_CLASS(code) == BPF_ALU64;
	int isx = BPF_SRC(code) == BPF_X;
	const char *w = is64 ? NULL : "32";
	const char *m;
	int hex = 0;

	switch (BPF_OP(code)) {
	case BPF_ADD:	m = "add"; break;
	case BPF_SUB:	m = "sub"; break;
	case BPF_MUL:	m = "mul"; break;
	case BPF_OR:	m = "or"; hex = 1; break;
	case BPF_AND:	m = "and"; hex = 1; break;
	case BPF_XOR:	m = "xor"; hex = 1; break;
	case BPF_LSH:	m = "lsh"; break;
	case BPF_RSH:	m = "rsh"; break;
	case BPF_ARSH:	m = "arsh"; break;
	case BPF_DIV:
	case BPF_MOD:
		if (in->off == 0)
			m = BPF_OP(code) == BPF_DIV ? "div" : "mod";
		else if (in->off == 1)
			m = BPF_OP(code) == BPF_DIV ? "sdiv" : "smod";
		else
			return -1;
		break;
	case BPF_MOV:
		switch (in->off) {
		case 0:		m = "mov"; break;
		case 8:		m = "movsxb"; break;
		case 16:	m = "movsxh"; break;
		case 32:
			if (!is64)
				return -1;
			m = "movsxw";
			break;
		default:
			return -1;
		}
		if (in->off && !isx)
			return -1;
		break;
	case BPF_NEG:
		if (isx)
			return -1;
		sb_mnem(sb, "neg", w);
		sb_printf(sb, "%%r%d", in->dst_reg);
		return 0;
	case BPF_END:
		if (in->imm != 16 && in->imm != 32 && in->imm != 64)
			return -1;
		if (is64) {
			if (isx)	/* only BPF_TO_LE is defined for ALU64 */
				return -1;
			sb_printf(sb, "bswap%d %%r%d", in->imm, in->dst_reg);
		} else {
			sb_printf(sb, "%s%d %%r%d", isx ? "be" : "le",
				  in->imm, in->dst_reg);
		}
		return 0;
	default:
		return -1;
	}

	sb_mnem(sb, m, w);
	if (isx)
		sb_printf(sb, "%%r%d, %%r%d", in->dst_reg, in->src_reg);
	else if (hex)
		sb_printf(sb, "%%r%d, 0x%x", in->dst_reg, (unsigned)in->imm);
	else
		sb_printf(sb, "%%r%d, %d", in->dst_reg, in->imm);
	return 0;
}

/* ---- JMP / JMP32 ------------------------------------------------------- */

static int dis_call(struct sbuf *sb, const struct bpf_insn *in, int pc, int n)
{
	const char *name;

	if (BPF_SRC(in->code) != BPF_K)
		return -1;
	switch (in->src_reg) {
	case DIS_CALL_HELPER:
		name = dt_bpf_helper_name(in->imm);
		if (name)
			sb_printf(sb, "call bpf_%s", name);
		else
			sb_printf(sb, "call helper#%d", in->imm);
		return 0;
	case DIS_CALL_PSEUDO:
		sb_printf(sb, "call pc%+d ", in->imm);
		sb_target(sb, pc, in->imm, n);
		return 0;
	case DIS_CALL_KFUNC:
		sb_printf(sb, "call kfunc#%d", in->imm);
		return 0;
	}
	return -1;
}

static int dis_jmp(struct sbuf *sb, const struct bpf_insn *in, int pc, int n)
{
	int code = in->code;
	int is32 = BPF_CLASS(code) == BPF_JMP32;
	int isx = BPF_SRC(code) == BPF_X;
	const char *w = is32 ? "32" : NULL;
	const char *m;

	switch (BPF_OP(code)) {
	case BPF_JA:
		if (isx)
			return -1;
		if (is32) {	/* gotol: 32-bit displacement in imm */
			sb_mnem(sb, "gotol", NULL);
			sb_target(sb, pc, in->imm, n);
		} else {
			sb_mnem(sb, "ja", NULL);
			sb_target(sb, pc, in->off, n);
		}
		return 0;
	case BPF_CALL:
		return is32 ? -1 : dis_call(sb, in, pc, n);
	case BPF_EXIT:
		if (is32 || isx)
			return -1;
		sb_printf(sb, "exit");
		return 0;
	case DIS_OP_JCOND:
		if (is32 || isx || in->src_reg != DIS_MAY_GOTO)
			return -1;
		sb_mnem(sb, "may_goto", NULL);
		sb_target(sb, pc, in->off, n);
		return 0;
	case BPF_JEQ:	m = "jeq"; break;
	case BPF_JNE:	m = "jne"; break;
	case BPF_JGT:	m = "jgt"; break;
	case BPF_JGE:	m = "jge"; break;
	case BPF_JLT:	m = "jlt"; break;
	case BPF_JLE:	m = "jle"; break;
	case BPF_JSGT:	m = "jsgt"; break;
	case BPF_JSGE:	m = "jsge"; break;
	case BPF_JSLT:	m = "jslt"; break;
	case BPF_JSLE:	m = "jsle"; break;
	case BPF_JSET:	m = "jset"; break;
	default:
		return -1;
	}

	sb_mnem(sb, m, w);
	if (isx)
		sb_printf(sb, "%%r%d, %%r%d ", in->dst_reg, in->src_reg);
	else if (BPF_OP(code) == BPF_JSET)
		sb_printf(sb, "%%r%d, 0x%x ", in->dst_reg, (unsigned)in->imm);
	else
		sb_printf(sb, "%%r%d, %d ", in->dst_reg, in->imm);
	sb_target(sb, pc, in->off, n);
	return 0;
}

/* ---- LD (ld_imm64, legacy packet access) ------------------------------ */

static const char *resolve_map(const struct dt_dis_ctx *ctx, int fd)
{
	if (ctx == NULL || ctx->map_name == NULL)
		return NULL;
	return ctx->map_name(ctx->arg, fd);
}

/* Returns slots consumed (1 or 2), or -1 for an unknown encoding. */
static int dis_ld(struct sbuf *sb, const struct bpf_insn *insns, int pc, int n,
		  const struct dt_dis_ctx *ctx)
{
	const struct bpf_insn *in = &insns[pc];
	const struct bpf_insn *hi;
	const char *name;
	uint64_t val;

	switch (BPF_MODE(in->code)) {
	case BPF_ABS:
		if (BPF_SIZE(in->code) == BPF_DW)
			return -1;
		sb_printf(sb, "ldabs%s [%d]", size_name(in->code), in->imm);
		return 1;
	case BPF_IND:
		if (BPF_SIZE(in->code) == BPF_DW)
			return -1;
		sb_printf(sb, "ldind%s ", size_name(in->code));
		sb_mem(sb, in->src_reg, in->imm);
		return 1;
	case BPF_IMM:
		if (BPF_SIZE(in->code) != BPF_DW)
			return -1;
		break;
	default:
		return -1;
	}

	/* ld_imm64: the second slot must exist and carry only the high imm. */
	if (pc + 1 >= n) {
		sb_printf(sb, "lddw %%r%d, <truncated>", in->dst_reg);
		return 1;
	}
	hi = &insns[pc + 1];
	if (hi->code != 0 || hi->dst_reg != 0 || hi->src_reg != 0 ||
	    hi->off != 0) {
		sb_printf(sb, "lddw %%r%d, <bad second slot>", in->dst_reg);
		return 1;
	}

	sb_printf(sb, "lddw %%r%d, ", in->dst_reg);
	switch (in->src_reg) {
	case 0:
		val = (uint64_t)(uint32_t)in->imm |
		      ((uint64_t)(uint32_t)hi->imm << 32);
		sb_printf(sb, "0x%llx", (unsigned long long)val);
		break;
	case DIS_PSEUDO_MAP_FD:
		name = resolve_map(ctx, in->imm);
		if (name)
			sb_printf(sb, "&map '%s'", name);
		else
			sb_printf(sb, "&map fd#%d", in->imm);
		break;
	case DIS_PSEUDO_MAP_VALUE:
		name = resolve_map(ctx, in->imm);
		if (name)
			sb_printf(sb, "&map_value '%s'+%u", name,
				  (unsigned)hi->imm);
		else
			sb_printf(sb, "&map_value fd#%d+%u", in->imm,
				  (unsigned)hi->imm);
		break;
	case DIS_PSEUDO_MAP_IDX:
		sb_printf(sb, "&map idx#%d", in->imm);
		break;
	case DIS_PSEUDO_MAP_IDX_VALUE:
		sb_printf(sb, "&map_value idx#%d+%u", in->imm,
			  (unsigned)hi->imm);
		break;
	case DIS_PSEUDO_BTF_ID:
		sb_printf(sb, "&btf_id#%d", in->imm);
		break;
	case DIS_PSEUDO_FUNC:
		sb_printf(sb, "&func pc%+d ", in->imm);
		sb_target(sb, pc, in->imm, n);
		break;
	default:
		sb_reset(sb, UNKNOWN);
		break;
	}
	return 2;
}

/* ---- LDX / ST / STX ---------------------------------------------------- */

static int dis_ldx(struct sbuf *sb, const struct bpf_insn *in)
{
	switch (BPF_MODE(in->code)) {
	case BPF_MEM:
		sb_printf(sb, "ldx%s %%r%d, ", size_name(in->code),
			  in->dst_reg);
		break;
	case DIS_MODE_MEMSX:
		if (BPF_SIZE(in->code) == BPF_DW)
			return -1;
		sb_printf(sb, "ldxs%s %%r%d, ", size_name(in->code),
			  in->dst_reg);
		break;
	default:
		return -1;
	}
	sb_mem(sb, in->src_reg, in->off);
	return 0;
}

static int dis_st(struct sbuf *sb, const struct bpf_insn *in)
{
	if (BPF_MODE(in->code) != BPF_MEM)
		return -1;
	sb_printf(sb, "st%s ", size_name(in->code));
	sb_mem(sb, in->dst_reg, in->off);
	sb_printf(sb, ", %d", in->imm);
	return 0;
}

static int dis_atomic(struct sbuf *sb, const struct bpf_insn *in)
{
	int sz = BPF_SIZE(in->code);
	const char *m;

	if (in->imm == DIS_ATOMIC_LOAD_ACQ) {
		sb_printf(sb, "ldacq%s %%r%d, ", size_name(in->code),
			  in->dst_reg);
		sb_mem(sb, in->src_reg, in->off);
		return 0;
	}
	if (in->imm == DIS_ATOMIC_STORE_REL) {
		sb_printf(sb, "strel%s ", size_name(in->code));
		sb_mem(sb, in->dst_reg, in->off);
		sb_printf(sb, ", %%r%d", in->src_reg);
		return 0;
	}

	if (sz != BPF_W && sz != BPF_DW)
		return -1;
	switch (in->imm) {
	case BPF_ADD:				m = "add"; break;
	case BPF_OR:				m = "or"; break;
	case BPF_AND:				m = "and"; break;
	case BPF_XOR:				m = "xor"; break;
	case BPF_ADD | DIS_ATOMIC_FETCH:	m = "fetch_add"; break;
	case BPF_OR | DIS_ATOMIC_FETCH:		m = "fetch_or"; break;
	case BPF_AND | DIS_ATOMIC_FETCH:	m = "fetch_and"; break;
	case BPF_XOR | DIS_ATOMIC_FETCH:	m = "fetch_xor"; break;
	case DIS_ATOMIC_XCHG:			m = "xchg"; break;
	case DIS_ATOMIC_CMPXCHG:		m = "cmpxchg"; break;
	default:
		return -1;
	}
	sb_printf(sb, "lock %s%s ", m, size_name(in->code));
	sb_mem(sb, in->dst_reg, in->off);
	sb_printf(sb, ", %%r%d", in->src_reg);
	return 0;
}

static int dis_stx(struct sbuf *sb, const struct bpf_insn *in)
{
	switch (BPF_MODE(in->code)) {
	case BPF_MEM:
		sb_printf(sb, "stx%s ", size_name(in->code));
		sb_mem(sb, in->dst_reg, in->off);
		sb_printf(sb, ", %%r%d", in->src_reg);
		return 0;
	case BPF_ATOMIC:
		return dis_atomic(sb, in);
	}
	return -1;
}

/* ---- public entry points ---------------------------------------------- */

int dt_dis_insn(char *buf, size_t len, const struct bpf_insn *insns, int pc,
		 int n, const struct dt_dis_ctx *ctx)
{
	struct sbuf sb;
	const struct bpf_insn *in;
	int r, slots = 1;

	sb_init(&sb, buf, len);
	if (insns == NULL || pc < 0 || pc >= n)
		return 0;
	in = &insns[pc];

	switch (BPF_CLASS(in->code)) {
	case BPF_ALU:
	case BPF_ALU64:
		r = dis_alu(&sb, in);
		break;
	case BPF_JMP:
	case BPF_JMP32:
		r = dis_jmp(&sb, in, pc, n);
		break;
	case BPF_LD:
		r = dis_ld(&sb, insns, pc, n, ctx);
		if (r > 0)
			slots = r;
		break;
	case BPF_LDX:
		r = dis_ldx(&sb, in);
		break;
	case BPF_ST:
		r = dis_st(&sb, in);
		break;
	case BPF_STX:
		r = dis_stx(&sb, in);
		break;
	default:	/* all 8 classes are handled above */
		r = -1;
		break;
	}
	if (r < 0)
		sb_reset(&sb, UNKNOWN);
	return slots;
}

static void print_prefix(FILE *out, int pc, const struct bpf_insn *in)
{
	fprintf(out, "%04d %04ld: %02x %x %x %04x %08x",
		pc, (long)pc * (long)sizeof(struct bpf_insn),
		(unsigned)in->code, (unsigned)in->dst_reg,
		(unsigned)in->src_reg, (unsigned)(uint16_t)in->off,
		(unsigned)in->imm);
}

void dt_dis_print(FILE *out, const struct bpf_insn *insns, int n,
		   const struct dt_dis_ctx *ctx)
{
	char line[256];
	int pc = 0, slots, i;

	if (out == NULL || insns == NULL)
		return;
	while (pc < n) {
		slots = dt_dis_insn(line, sizeof(line), insns, pc, n, ctx);
		if (slots < 1)
			slots = 1;
		print_prefix(out, pc, &insns[pc]);
		fprintf(out, "    %s\n", line);
		for (i = 1; i < slots && pc + i < n; i++) {
			print_prefix(out, pc + i, &insns[pc + i]);
			fputc('\n', out);
		}
		pc += slots;
	}
}
