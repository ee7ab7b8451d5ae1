/*
 * bpf_dis.h -- eBPF disassembler used by `dtrace -S`.
 *
 * Owns the textual rendering of struct bpf_insn arrays (one line per
 * instruction: index, byte offset, raw fields, AT&T-style mnemonic) and
 * the helper-id -> helper-name table.
 */
#ifndef BPF_DIS_H
#define BPF_DIS_H

#include <stddef.h>
#include <stdio.h>
#include <linux/bpf.h>

/*
 * Optional name resolver for annotations.  map_name() is called with the fd
 * (or map index) found in an ld_imm64 BPF_PSEUDO_MAP_FD / _MAP_VALUE
 * instruction and returns the map's name, or NULL if unknown.  The returned
 * string is only read during the call that asked for it.
 */
struct dt_dis_ctx {
	const char *(*map_name)(void *arg, int fd);
	void *arg;
};

/*
 * Print insns[0..n) to out, one line per instruction slot:
 *
 *   IIII OOOO: cc d s ffff iiiiiiii    mnemonic operands
 *
 * IIII is the instruction index (decimal), OOOO its byte offset (decimal),
 * then the raw opcode, dst_reg, src_reg, off and imm fields in hex.  The
 * second slot of an ld_imm64 gets a line with only the raw fields.
 * ctx may be NULL.
 */
void dt_dis_print(FILE *out, const struct bpf_insn *insns, int n,
		   const struct dt_dis_ctx *ctx);

/*
 * Format the mnemonic of the instruction at insns[pc] (without the index /
 * raw-field prefix) into buf (always NUL-terminated when len > 0, truncated
 * if too small).  Returns the number of slots consumed: 2 for a well-formed
 * ld_imm64, 1 otherwise, 0 if pc is not in [0, n) or insns is NULL.
 */
int dt_dis_insn(char *buf, size_t len, const struct bpf_insn *insns, int pc,
		 int n, const struct dt_dis_ctx *ctx);

/*
 * Name of BPF helper `id` without the "bpf_" prefix ("map_lookup_elem",
 * "probe_read_kernel", ...), or NULL if id is not a helper known to the
 * installed <linux/bpf.h>.
 */
const char *dt_bpf_helper_name(int id);

#endif /* BPF_DIS_H */
