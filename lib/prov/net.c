/*
 * net.c - the ip, tcp and udp providers: the Dynamic Tracing Guide's
 * network probes, from the kernel's networking tracepoints (no kprobes
 * on this kernel).
 *
 * Each probe is a raw tracepoint program (BPF link).  Several probes
 * share a tracepoint (tcp:::send, udp:::send and ip:::send all run on
 * net:net_dev_queue); a probe's cg_filter ends its program on the hits that
 * are not its own: a TCP state transition (sock:inet_sock_set_state), the
 * IP protocol and TCP flags of a packet, a socket's state.  Arguments are
 * kernel pointers translated by dlib/ip.d, tcp.d and udp.d: the
 * struct sk_buff, its struct sock, a pointer to its IP header and to its
 * TCP or UDP header, which cg_args computes from the sk_buff
 * (head + network_header / transport_header).  What Linux cannot give is
 * listed in docs/ARCHITECTURE.md ("Providers").
 */
#include <string.h>
#include "tracepoint.h"
#include "kernel/btf.h"

extern const struct dt_provider_ops dt_prov_ip, dt_prov_tcp, dt_prov_udp;

/* the kernel's TCP states (<net/tcp_states.h>) */
enum { K_TCP_ESTABLISHED = 1, K_TCP_SYN_SENT = 2, K_TCP_SYN_RECV = 3 };
enum { K_IPPROTO_TCP = 6, K_IPPROTO_UDP = 17 };
enum { K_TH_SYN = 0x02, K_TH_ACK = 0x10 };

/* where an argument's value comes from (idx: the tracepoint argument) */
enum {
	S_ZERO,		/* NULL: the probe has no such object */
	S_CTX,		/* the tracepoint's argument */
	S_CTXPTR,	/* the address of the tracepoint's arguments (a
			   dt_tcpstate_t: the socket and both states) */
	S_SKB_SK,	/* sk_buff's sk */
	S_SKB_DEV,	/* sk_buff's dev */
	S_SKB_NH,	/* head + network_header: the IP header */
	S_SKB_DATA,	/* data (the IP header on receive) */
	S_SKB_TH,	/* head + transport_header: the TCP/UDP header */
	S_SKB_NH4,	/* S_SKB_NH if the packet is IPv4, else 0 */
	S_SKB_NH6,	/* S_SKB_NH if the packet is IPv6, else 0 */
	S_SKB_DATA4,	/* S_SKB_DATA if the packet is IPv4, else 0 */
	S_SKB_DATA6,	/* S_SKB_DATA if the packet is IPv6, else 0 */
	S_SKB_DATA_L4,	/* data + the IP header's length: the TCP/UDP
			   header of a packet just received (IPv6: no
			   extension headers) */
};

/* which of its tracepoint's hits are the probe's */
enum {
	P_NONE,
	P_TCPSTATE,	/* a TCP socket's transition old -> new (-1: any) */
	P_SYNSENT,	/* the socket (argument 0) is in SYN_SENT */
	P_SYNIN,	/* the segment (argument 1) is a SYN without ACK */
	P_PKT,		/* an IP packet (network header), of protocol proto
			   (0: any) with (flags & fmask) == fval */
	P_PKTDATA,	/* an IP packet at skb->data (just received) */
};

struct net_arg {
	const char *type;		/* the Guide's type */
	const char *native;		/* translated from */
	int src, idx;
};

struct net_probe {
	const struct dt_provider_ops *prov;
	const char *name;
	const char *tp;
	int pred, old, new, proto, fmask, fval;
	int nargs;
	struct net_arg args[6];
};

#define A_PKT(s, i)	{ "pktinfo_t *", "struct sk_buff *", s, i }
#define A_CS(s, i)	{ "csinfo_t *", "struct sock *", s, i }
#define A_IP(s, i)	{ "ipinfo_t *", "struct iphdr *", s, i }
#define A_IF(s, i)	{ "ifinfo_t *", "struct net_device *", s, i }
#define A_IP4(s, i)	{ "ipv4info_t *", "struct iphdr *", s, i }
#define A_IP6(s, i)	{ "ipv6info_t *", "struct ipv6hdr *", s, i }
#define A_TCPS(s, i)	{ "tcpsinfo_t *", "struct sock *", s, i }
#define A_TCP(s, i)	{ "tcpinfo_t *", "struct tcphdr *", s, i }
#define A_UDPS(s, i)	{ "udpsinfo_t *", "struct sock *", s, i }
#define A_UDP(s, i)	{ "udpinfo_t *", "struct udphdr *", s, i }
/* inet_sock_set_state(sk, oldstate, newstate): the socket still has its
 * old state, so tcpsinfo_t and tcplsinfo_t are translated from the
 * tracepoint's arguments (dlib/tcp.d's dt_tcpstate_t) */
#define A_STATE_ARGS \
	{ A_PKT(S_ZERO, 0), A_CS(S_CTX, 0), A_IP(S_ZERO, 0), \
	  { "tcpsinfo_t *", "dt_tcpstate_t *", S_CTXPTR, 0 }, A_TCP(S_ZERO, 0), \
	  { "tcplsinfo_t *", "dt_tcpstate_t *", S_CTXPTR, 0 } }
/* connect-established, accept-established: the segment received is
 * described from the socket too (dlib/tcp.d) */
#define A_ESTAB_ARGS \
	{ A_PKT(S_ZERO, 0), A_CS(S_CTX, 0), { "ipinfo_t *", "dt_tcpstate_t *", S_CTXPTR, 0 }, \
	  { "tcpsinfo_t *", "dt_tcpstate_t *", S_CTXPTR, 0 }, \
	  { "tcpinfo_t *", "dt_tcpstate_t *", S_CTXPTR, 0 } }
/* a packet queued for transmission: net_dev_queue(skb) */
#define A_SEND(S, T) \
	{ A_PKT(S_CTX, 0), A_CS(S_SKB_SK, 0), A_IP(S_SKB_NH, 0), \
	  S(S_SKB_SK, 0), T(S_SKB_TH, 0) }

static const struct net_probe probes[] = {
	{ &dt_prov_ip, "send", "net_dev_queue", P_PKT, 0, 0, 0, 0, 0, 6,
	    { A_PKT(S_CTX, 0), A_CS(S_SKB_SK, 0), A_IP(S_SKB_NH, 0), A_IF(S_SKB_DEV, 0),
	      A_IP4(S_SKB_NH4, 0), A_IP6(S_SKB_NH6, 0) } },
	{ &dt_prov_ip, "receive", "netif_receive_skb", P_PKTDATA, 0, 0, 0, 0, 0, 6,
	    { A_PKT(S_CTX, 0), A_CS(S_SKB_SK, 0), A_IP(S_SKB_DATA, 0), A_IF(S_SKB_DEV, 0),
	      A_IP4(S_SKB_DATA4, 0), A_IP6(S_SKB_DATA6, 0) } },

	{ &dt_prov_tcp, "state-change", "inet_sock_set_state", P_TCPSTATE, -1, -1,
	    0, 0, 0, 6, A_STATE_ARGS },
	{ &dt_prov_tcp, "connect-request", "net_dev_queue", P_PKT, 0, 0,
	    K_IPPROTO_TCP, K_TH_SYN | K_TH_ACK, K_TH_SYN, 5, A_SEND(A_TCPS, A_TCP) },
	{ &dt_prov_tcp, "connect-established", "inet_sock_set_state", P_TCPSTATE,
	    K_TCP_SYN_SENT, K_TCP_ESTABLISHED, 0, 0, 0, 5, A_ESTAB_ARGS },
	/* tcp_receive_reset(sk) in SYN_SENT; the RST is described from the
	 * socket (dlib/tcp.d's dt_rstin_t) */
	{ &dt_prov_tcp, "connect-refused", "tcp_receive_reset", P_SYNSENT, 0, 0,
	    0, 0, 0, 5,
	    { A_PKT(S_ZERO, 0), A_CS(S_CTX, 0), { "ipinfo_t *", "dt_rstin_t *", S_CTX, 0 },
	      A_TCPS(S_CTX, 0), { "tcpinfo_t *", "dt_rstin_t *", S_CTX, 0 } } },
	{ &dt_prov_tcp, "accept-established", "inet_sock_set_state", P_TCPSTATE,
	    K_TCP_SYN_RECV, K_TCP_ESTABLISHED, 0, 0, 0, 5, A_ESTAB_ARGS },
	/* tcp_send_reset(sk, skb, reason) for a SYN: skb is the SYN refused,
	 * which dlib/tcp.d's dt_ipreply_t and dt_tcpreply_t describe as the
	 * RST sent in reply */
	{ &dt_prov_tcp, "accept-refused", "tcp_send_reset", P_SYNIN, 0, 0, 0,
	    K_TH_SYN | K_TH_ACK, K_TH_SYN, 5,
	    { A_PKT(S_CTX, 1), A_CS(S_CTX, 0), { "ipinfo_t *", "dt_ipreply_t *", S_SKB_NH, 1 },
	      A_TCPS(S_CTX, 0), { "tcpinfo_t *", "dt_tcpreply_t *", S_SKB_TH, 1 } } },
	{ &dt_prov_tcp, "send", "net_dev_queue", P_PKT, 0, 0, K_IPPROTO_TCP, 0, 0, 5,
	    A_SEND(A_TCPS, A_TCP) },
	/* tcp_probe(sk, skb): a segment received in tcp_rcv_established */
	{ &dt_prov_tcp, "receive", "tcp_probe", P_NONE, 0, 0, 0, 0, 0, 5,
	    { A_PKT(S_CTX, 1), A_CS(S_CTX, 0), A_IP(S_SKB_NH, 1), A_TCPS(S_CTX, 0),
	      A_TCP(S_SKB_TH, 1) } },

	{ &dt_prov_udp, "send", "net_dev_queue", P_PKT, 0, 0, K_IPPROTO_UDP, 0, 0, 5,
	    A_SEND(A_UDPS, A_UDP) },
	/* a datagram arriving, before the socket is looked up: no socket */
	{ &dt_prov_udp, "receive", "netif_receive_skb", P_PKTDATA, 0, 0,
	    K_IPPROTO_UDP, 0, 0, 5,
	    { A_PKT(S_CTX, 0), A_CS(S_ZERO, 0), A_IP(S_SKB_DATA, 0), A_UDPS(S_ZERO, 0),
	      A_UDP(S_SKB_DATA_L4, 0) } },
};
#define NPROBES ((int)(sizeof(probes) / sizeof(probes[0])))

static int populate(dtrace_hdl_t *dtp, const struct dt_provider_ops *ops)
{
	for (int i = 0; i < NPROBES; i++)
		if (probes[i].prov == ops &&
		    !dt_probe_create(dtp, ops, "vmlinux", "", probes[i].name, (uint64_t)i))
			return -1;
	return 0;
}
static int ip_populate(dtrace_hdl_t *dtp) { return populate(dtp, &dt_prov_ip); }
static int tcp_populate(dtrace_hdl_t *dtp) { return populate(dtp, &dt_prov_tcp); }
static int udp_populate(dtrace_hdl_t *dtp) { return populate(dtp, &dt_prov_udp); }

static const struct net_probe *probe_of(const struct dt_probe *p)
{
	return &probes[p->pdata];
}

static const char *net_argtype(dtrace_hdl_t *dtp, struct dt_probe *p, int i, int native)
{
	(void)dtp;
	(void)native;
	const struct net_probe *np = probe_of(p);
	return i < np->nargs ? np->args[i].type : NULL;
}

static const char *net_argxlate(dtrace_hdl_t *dtp, struct dt_probe *p, int i)
{
	(void)dtp;
	const struct net_probe *np = probe_of(p);
	return i < np->nargs ? np->args[i].native : NULL;
}

/* scratch stack slots (prov.h: R10 - 64 to R10 are ours in cg_filter;
 * cg_args runs before any clause, whose stack use starts afresh) */
enum { SLOT_TMP = -16, SLOT_PTR = -24, SLOT_HEAD = -32 };

static int off_of(dtrace_hdl_t *dtp, const char *sname, const char *member)
{
	int off = dt_btf_offsetof(dtp, sname, member);
	if (off < 0)
		dt_set_err(dtp, "no member %s in the kernel's struct %s", member, sname);
	return off;
}

/* R0 = the size-byte value at R3 + off (zero if it cannot be read) */
static void emit_read(struct dt_asm *a, int off, int size)
{
	static const int bsz[] = { [1] = BPF_B, [2] = BPF_H, [4] = BPF_W, [8] = BPF_DW };
	dt_asm_emit(a, ALU64_IMM(BPF_ADD, R3, off));
	dt_asm_emit(a, MOV64_REG(R1, R10));
	dt_asm_emit(a, ALU64_IMM(BPF_ADD, R1, SLOT_TMP));
	dt_asm_emit(a, MOV64_IMM(R2, size));
	dt_asm_emit(a, CALL_HELPER(BPF_FUNC_probe_read_kernel));
	dt_asm_emit(a, LDX_MEM(bsz[size], R0, R10, SLOT_TMP));
}

/* R0 = the value of source src (of tracepoint argument idx) */
static int emit_src(dtrace_hdl_t *dtp, struct dt_asm *a, int src, int idx)
{
	int o1 = 0, o2 = 0;
	switch (src) {
	case S_ZERO:
		dt_asm_emit(a, MOV64_IMM(R0, 0));
		return 0;
	case S_CTX:
		dt_asm_emit(a, LDX_MEM(BPF_DW, R0, R6, (int16_t)(8 * idx)));
		return 0;
	case S_CTXPTR:
		dt_asm_emit(a, MOV64_REG(R0, R6));
		return 0;
	case S_SKB_SK:
	case S_SKB_DEV:
	case S_SKB_DATA:
		if ((o1 = off_of(dtp, "sk_buff", src == S_SKB_SK ? "sk" :
		    src == S_SKB_DEV ? "dev" : "data")) < 0)
			return -1;
		dt_asm_emit(a, LDX_MEM(BPF_DW, R3, R6, (int16_t)(8 * idx)));
		emit_read(a, o1, 8);
		return 0;
	case S_SKB_NH4:
	case S_SKB_NH6:
	case S_SKB_DATA4:
	case S_SKB_DATA6: {
		/* the header if its version nibble is the one wanted, else 0 */
		int lz = dt_asm_new_label(a), ldone = dt_asm_new_label(a);
		int data = src == S_SKB_DATA4 || src == S_SKB_DATA6;
		int v = src == S_SKB_NH4 || src == S_SKB_DATA4 ? 4 : 6;
		if (emit_src(dtp, a, data ? S_SKB_DATA : S_SKB_NH, idx) < 0)
			return -1;
		dt_asm_emit(a, STX_MEM(BPF_DW, R10, R0, SLOT_PTR));
		dt_asm_emit(a, MOV64_REG(R3, R0));
		emit_read(a, 0, 1);
		dt_asm_emit(a, ALU64_IMM(BPF_RSH, R0, 4));
		dt_asm_jump(a, JMP_IMM(BPF_JNE, R0, v, 0), lz);
		dt_asm_emit(a, LDX_MEM(BPF_DW, R0, R10, SLOT_PTR));
		dt_asm_jump(a, JA(0), ldone);
		dt_asm_place(a, lz);
		dt_asm_emit(a, MOV64_IMM(R0, 0));
		dt_asm_place(a, ldone);
		return 0;
	}
	case S_SKB_DATA_L4: {
		int l6 = dt_asm_new_label(a), ldone = dt_asm_new_label(a);
		if (emit_src(dtp, a, S_SKB_DATA, idx) < 0)
			return -1;
		dt_asm_emit(a, STX_MEM(BPF_DW, R10, R0, SLOT_PTR));
		dt_asm_emit(a, MOV64_REG(R3, R0));
		emit_read(a, 0, 1);		/* version and IHL */
		dt_asm_emit(a, MOV64_REG(R1, R0));
		dt_asm_emit(a, ALU64_IMM(BPF_RSH, R1, 4));
		dt_asm_jump(a, JMP_IMM(BPF_JEQ, R1, 6, 0), l6);
		dt_asm_emit(a, ALU64_IMM(BPF_AND, R0, 15));
		dt_asm_emit(a, ALU64_IMM(BPF_LSH, R0, 2));
		dt_asm_jump(a, JA(0), ldone);
		dt_asm_place(a, l6);
		dt_asm_emit(a, MOV64_IMM(R0, 40));
		dt_asm_place(a, ldone);
		dt_asm_emit(a, LDX_MEM(BPF_DW, R1, R10, SLOT_PTR));
		dt_asm_emit(a, ALU64_REG(BPF_ADD, R0, R1));
		return 0;
	}
	case S_SKB_NH:
	case S_SKB_TH:
		if ((o1 = off_of(dtp, "sk_buff", "head")) < 0 ||
		    (o2 = off_of(dtp, "sk_buff", src == S_SKB_NH ? "network_header" :
		    "transport_header")) < 0)
			return -1;
		dt_asm_emit(a, LDX_MEM(BPF_DW, R3, R6, (int16_t)(8 * idx)));
		emit_read(a, o1, 8);
		dt_asm_emit(a, STX_MEM(BPF_DW, R10, R0, SLOT_HEAD));
		dt_asm_emit(a, LDX_MEM(BPF_DW, R3, R6, (int16_t)(8 * idx)));
		emit_read(a, o2, 2);
		dt_asm_emit(a, LDX_MEM(BPF_DW, R1, R10, SLOT_HEAD));
		dt_asm_emit(a, ALU64_REG(BPF_ADD, R0, R1));
		return 0;
	}
	return -1;
}

/* jump to lno unless the low 32 bits of context argument idx == v */
static void emit_ctx_is(struct dt_asm *a, int idx, int v, int lno)
{
	dt_asm_emit(a, LDX_MEM(BPF_W, R0, R6, (int16_t)(8 * idx)));
	dt_asm_jump(a, JMP_IMM(BPF_JNE, R0, v, 0), lno);
}

static int emit_pkt(dtrace_hdl_t *dtp, struct dt_asm *a, const struct net_probe *np, int lno)
{
	int oproto = off_of(dtp, "sk_buff", "protocol");
	if (oproto < 0)
		return -1;
	int lv6 = dt_asm_new_label(a), lhave = dt_asm_new_label(a);
	/* skb->protocol: ETH_P_IP or ETH_P_IPV6, network byte order */
	dt_asm_emit(a, LDX_MEM(BPF_DW, R3, R6, 0));
	emit_read(a, oproto, 2);
	dt_asm_jump(a, JMP_IMM(BPF_JEQ, R0, 0xdd86, 0), lv6);
	dt_asm_jump(a, JMP_IMM(BPF_JNE, R0, 0x0008, 0), lno);
	if (!np->proto && !np->fmask) {
		dt_asm_place(a, lv6);
		return 0;
	}
	if (emit_src(dtp, a, np->pred == P_PKTDATA ? S_SKB_DATA : S_SKB_NH, 0) < 0)
		return -1;
	dt_asm_emit(a, MOV64_REG(R3, R0));
	emit_read(a, 9, 1);			/* iphdr.protocol */
	dt_asm_jump(a, JA(0), lhave);
	dt_asm_place(a, lv6);
	if (emit_src(dtp, a, np->pred == P_PKTDATA ? S_SKB_DATA : S_SKB_NH, 0) < 0)
		return -1;
	dt_asm_emit(a, MOV64_REG(R3, R0));
	emit_read(a, 6, 1);			/* ipv6hdr.nexthdr */
	dt_asm_place(a, lhave);
	if (np->proto)
		dt_asm_jump(a, JMP_IMM(BPF_JNE, R0, np->proto, 0), lno);
	if (np->fmask) {
		if (emit_src(dtp, a, S_SKB_TH, 0) < 0)
			return -1;
		dt_asm_emit(a, MOV64_REG(R3, R0));
		emit_read(a, 13, 1);		/* the TCP header's flags */
		dt_asm_emit(a, ALU64_IMM(BPF_AND, R0, np->fmask));
		dt_asm_jump(a, JMP_IMM(BPF_JNE, R0, np->fval, 0), lno);
	}
	return 0;
}

static int net_pred(dtrace_hdl_t *dtp, struct dt_asm *a, struct dt_probe *p)
{
	const struct net_probe *np = probe_of(p);
	if (np->pred == P_NONE)
		return 0;
	int lno = dt_asm_new_label(a), lyes = dt_asm_new_label(a);
	switch (np->pred) {
	case P_TCPSTATE: {
		int o = off_of(dtp, "sock", "sk_protocol");
		if (o < 0)
			return -1;
		dt_asm_emit(a, LDX_MEM(BPF_DW, R3, R6, 0));
		emit_read(a, o, 2);
		dt_asm_jump(a, JMP_IMM(BPF_JNE, R0, K_IPPROTO_TCP, 0), lno);
		if (np->old >= 0)
			emit_ctx_is(a, 1, np->old, lno);
		if (np->new >= 0)
			emit_ctx_is(a, 2, np->new, lno);
		break;
	}
	case P_SYNSENT: {
		int o = off_of(dtp, "sock", "__sk_common.skc_state");
		if (o < 0)
			return -1;
		dt_asm_emit(a, LDX_MEM(BPF_DW, R3, R6, 0));
		emit_read(a, o, 1);
		dt_asm_jump(a, JMP_IMM(BPF_JNE, R0, K_TCP_SYN_SENT, 0), lno);
		break;
	}
	case P_SYNIN:
		if (emit_src(dtp, a, S_SKB_TH, 1) < 0)
			return -1;
		dt_asm_emit(a, MOV64_REG(R3, R0));
		emit_read(a, 13, 1);		/* the TCP header's flags */
		dt_asm_emit(a, ALU64_IMM(BPF_AND, R0, np->fmask));
		dt_asm_jump(a, JMP_IMM(BPF_JNE, R0, np->fval, 0), lno);
		break;
	case P_PKT:
	case P_PKTDATA:
		if (emit_pkt(dtp, a, np, lno) < 0)
			return -1;
		break;
	}
	dt_asm_jump(a, JA(0), lyes);
	dt_asm_place(a, lno);
	dt_asm_emit(a, MOV64_IMM(R0, 0));
	dt_asm_emit(a, EXIT_INSN());
	dt_asm_place(a, lyes);
	return 0;
}

/* the cg_filter hook: net_pred ends the program itself */
static int net_cg_filter(dtrace_hdl_t *dtp, struct dt_asm *a, struct dt_probe *p, int out)
{
	(void)out;
	if (net_pred(dtp, a, p) < 0)
		return dt_set_err(dtp, "cannot select the hits of %s:%s:%s:%s: "
		    "a kernel structure is not in BTF", p->prov, p->mod, p->func, p->name);
	return 0;
}

static int net_cg_args(dtrace_hdl_t *dtp, struct dt_asm *a, struct dt_probe *p, int nargs)
{
	const struct net_probe *np = probe_of(p);
	for (int i = 0; i < nargs; i++) {
		if (i >= np->nargs) {
			dt_asm_emit(a, ST_MEM(BPF_DW, R9, DT_MS_ARGS + 8 * i, 0));
			continue;
		}
		if (emit_src(dtp, a, np->args[i].src, np->args[i].idx) < 0)
			return -1;
		dt_asm_emit(a, STX_MEM(BPF_DW, R9, R0, DT_MS_ARGS + 8 * i));
	}
	return 0;
}

static const char *net_tp_event(const struct dt_probe *p)
{
	return probe_of(p)->tp;
}

static int net_attach(dtrace_hdl_t *dtp, struct dt_probe *p, int prog_fd)
{
	return dt_rawtp_attach(dtp, p, probe_of(p)->tp, prog_fd);
}

/* the Guide's attributes of ip, tcp and udp: Evolving/Evolving/ISA for
 * the provider, names and arguments; module and function Private */
#define NET_OPS(NAME, POP) { \
	.name = NAME, \
	.attr = { { DT_ST_EVOLVING, DT_ST_EVOLVING, DT_CL_ISA }, \
	    { DT_ST_PRIVATE, DT_ST_PRIVATE, DT_CL_UNKNOWN }, \
	    { DT_ST_PRIVATE, DT_ST_PRIVATE, DT_CL_UNKNOWN }, \
	    { DT_ST_EVOLVING, DT_ST_EVOLVING, DT_CL_ISA }, \
	    { DT_ST_EVOLVING, DT_ST_EVOLVING, DT_CL_ISA } }, \
	.prog_type = BPF_PROG_TYPE_RAW_TRACEPOINT, \
	.populate = POP, \
	.argtype = net_argtype, \
	.argxlate = net_argxlate, \
	.cg_filter = net_cg_filter, \
	.cg_args = net_cg_args, \
	.tp_event = net_tp_event, \
	.attach = net_attach, \
}

const struct dt_provider_ops dt_prov_ip = NET_OPS("ip", ip_populate);
const struct dt_provider_ops dt_prov_tcp = NET_OPS("tcp", tcp_populate);
const struct dt_provider_ops dt_prov_udp = NET_OPS("udp", udp_populate);
