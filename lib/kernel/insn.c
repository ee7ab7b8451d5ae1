/*
 * insn.c - x86-64 instruction boundaries and return sites of one
 * function, for the pid provider's offset and return probes, and the
 * reading of a function's bytes from an ELF object on disk.
 *
 * Decoding is Zydis's (no decoder of our own): a linear sweep from the
 * function's first byte, instruction by instruction, to its end (the
 * symbol's size).  x86-64 compilers keep jump tables in .rodata, so a
 * sweep meets only code; a byte sequence that does not decode stops the
 * sweep (complete = 0) and what was decoded before it stays valid.
 *
 * Which instructions return (where DTrace puts a return probe, arg0
 * being that offset):
 *  - ret, ret imm16 and far ret (with or without rep/bnd prefixes);
 *  - a direct jmp or conditional jump (rel8/rel32) whose target is
 *    outside [vaddr, vaddr+len): a tail call (gcc emits conditional
 *    tail calls too; illumos' pid provider counts both);
 *  - an indirect jmp through memory with no index register (jmp
 *    *disp(%rip): a pointer in data, the GOT under -fno-plt; jmp
 *    *0x18(%rax): a pointer in a structure, a method table): a tail
 *    call.  A jump table always needs an index: compilers index the
 *    table in the jmp (jmp *tab(,%rax,8)) or add it up in a register.
 * Not returns:
 *  - jmp *%reg and jmp *mem with an index register: a switch's jump
 *    table (PIC code: movslq (%rdx,%rax,4),%rax; add %rdx,%rax; jmp
 *    *%rax, `notrack jmp` under CET; non-PIC: jmp *tab(,%rax,8)) cannot
 *    be told from an indirect tail call (jmp *%rax after loading a
 *    function pointer) by one instruction, and a return probe in the
 *    middle of a function is worse than a missing one (illumos does not
 *    count register jumps either).  In libc.so.6 this loses the return
 *    of a few functions that end only in such a call (_IO_sgetn,
 *    __overflow: glibc's stdio method calls);
 *  - call, even of a noreturn function: control does not leave the
 *    function through it, and the function's own returns are elsewhere.
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <Zydis/Zydis.h>
#include "insn.h"

/* append v to *a (capacity *cap, count *n); -1 on allocation failure */
static int push(uint32_t **a, size_t *n, size_t *cap, uint32_t v)
{
	if (*n == *cap) {
		size_t nc = *cap ? *cap * 2 : 16;
		uint32_t *p = realloc(*a, nc * sizeof(**a));

		if (!p)
			return -1;
		*a = p;
		*cap = nc;
	}
	(*a)[(*n)++] = v;
	return 0;
}

/* Does the instruction at off (length in ins) leave the function? */
static int returns(const ZydisDecoder *dec, const ZydisDecoderContext *ctx,
    const ZydisDecodedInstruction *ins, size_t off, size_t len)
{
	ZydisDecodedOperand op;

	if (ins->mnemonic == ZYDIS_MNEMONIC_RET)
		return 1;
	if (ins->meta.category != ZYDIS_CATEGORY_UNCOND_BR &&
	    ins->meta.category != ZYDIS_CATEGORY_COND_BR)
		return 0;
	if (ins->raw.imm[0].is_relative) {
		int64_t t = (int64_t)off + ins->length + ins->raw.imm[0].value.s;

		return t < 0 || (uint64_t)t >= len;
	}
	/* an indirect jmp: through memory with no index register, a tail
	 * call; through a register or an indexed table, not a return */
	return ins->mnemonic == ZYDIS_MNEMONIC_JMP &&
	    ZYAN_SUCCESS(ZydisDecoderDecodeOperands(dec, ctx, ins, &op, 1)) &&
	    op.type == ZYDIS_OPERAND_TYPE_MEMORY && op.mem.index == ZYDIS_REGISTER_NONE;
}

int dt_insn_scan(const uint8_t *code, size_t len, uint64_t vaddr, struct dt_insn_fn *f)
{
	ZydisDecoder dec;
	ZydisDecoderContext ctx;
	ZydisDecodedInstruction ins;
	size_t off = 0, scap = len / 3 + 16, rcap = 0;

	(void)vaddr;	/* targets are compared as offsets from the start */
	memset(f, 0, sizeof(*f));
	if (len > UINT32_MAX) {		/* offsets are 32-bit */
		errno = EFBIG;
		return -1;
	}
	if (ZYAN_FAILED(ZydisDecoderInit(&dec, ZYDIS_MACHINE_MODE_LONG_64,
	    ZYDIS_STACK_WIDTH_64))) {
		errno = EINVAL;
		return -1;
	}
	if (!(f->starts = malloc(scap * sizeof(*f->starts))))
		return -1;
	while (off < len) {
		if (ZYAN_FAILED(ZydisDecoderDecodeInstruction(&dec, &ctx, code + off,
		    len - off, &ins)))
			break;
		if (push(&f->starts, &f->nstarts, &scap, (uint32_t)off) < 0 ||
		    (returns(&dec, &ctx, &ins, off, len) &&
		    push(&f->rets, &f->nrets, &rcap, (uint32_t)off) < 0)) {
			dt_insn_free(f);
			errno = ENOMEM;
			return -1;
		}
		off += ins.length;
	}
	f->complete = off >= len;
	return 0;
}

int dt_insn_is_start(const struct dt_insn_fn *f, uint32_t off)
{
	size_t lo = 0, hi = f->nstarts;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (f->starts[mid] == off)
			return 1;
		if (f->starts[mid] < off)
			lo = mid + 1;
		else
			hi = mid;
	}
	return 0;
}

void dt_insn_free(struct dt_insn_fn *f)
{
	free(f->starts);
	free(f->rets);
	memset(f, 0, sizeof(*f));
}

/* The file offset of vaddr and the bytes the file holds from there
 * (in the section, else the PT_LOAD segment, that holds it); -1 if none. */
static int locate(Elf *e, uint64_t vaddr, uint64_t *foff, uint64_t *avail)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;
	GElf_Phdr ph;
	size_t i, n;

	while ((scn = elf_nextscn(e, scn))) {
		if (!gelf_getshdr(scn, &sh) || !(sh.sh_flags & SHF_ALLOC) ||
		    sh.sh_type == SHT_NOBITS || vaddr < sh.sh_addr ||
		    vaddr - sh.sh_addr >= sh.sh_size)
			continue;
		*foff = sh.sh_offset + (vaddr - sh.sh_addr);
		*avail = sh.sh_size - (vaddr - sh.sh_addr);
		return 0;
	}
	if (elf_getphdrnum(e, &n) != 0)
		return -1;
	for (i = 0; i < n; i++) {
		if (!gelf_getphdr(e, (int)i, &ph) || ph.p_type != PT_LOAD ||
		    vaddr < ph.p_vaddr || vaddr - ph.p_vaddr >= ph.p_filesz)
			continue;
		*foff = ph.p_offset + (vaddr - ph.p_vaddr);
		*avail = ph.p_filesz - (vaddr - ph.p_vaddr);
		return 0;
	}
	return -1;
}

int dt_insn_read_func(const char *path, uint64_t vaddr, uint64_t size, uint8_t **code)
{
	int fd, err = 0;
	Elf *e = NULL;
	uint64_t foff = 0, avail = 0;
	ssize_t got = -1;
	uint8_t *buf = NULL;

	*code = NULL;
	if (elf_version(EV_CURRENT) == EV_NONE) {
		errno = ENOEXEC;
		return -1;
	}
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return -1;
	if (!(e = elf_begin(fd, ELF_C_READ_MMAP, NULL)) || elf_kind(e) != ELF_K_ELF ||
	    locate(e, vaddr, &foff, &avail) < 0) {
		err = ENOEXEC;
		goto out;
	}
	if (size > avail)
		size = avail;
	if (size > INT32_MAX) {
		err = EFBIG;
		goto out;
	}
	if (!(buf = malloc(size ? size : 1))) {
		err = ENOMEM;
		goto out;
	}
	for (got = 0; (uint64_t)got < size; ) {
		ssize_t r = pread(fd, buf + got, size - got, (off_t)(foff + got));

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0) {
			err = r < 0 ? errno : EIO;
			got = -1;
			break;
		}
		got += r;
	}
out:
	if (e)
		elf_end(e);
	close(fd);
	if (err) {
		free(buf);
		errno = err;
		return -1;
	}
	*code = buf;
	return (int)got;
}
