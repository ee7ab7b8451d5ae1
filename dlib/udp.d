/*
 * udp.d - the udp provider's stable types (the Dynamic Tracing Guide's
 * udpsinfo_t and udpinfo_t) and their translators from the kernel's
 * struct sock and UDP header.
 */
#pragma D depends_on library ip.d

typedef struct udpsinfo {
	uintptr_t udps_addr;		/* the struct sock */
	uint16_t udps_lport;		/* local port */
	uint16_t udps_rport;		/* remote port (0: not connected) */
	string udps_laddr;		/* local address */
	string udps_raddr;		/* remote address */
} udpsinfo_t;

typedef struct udpinfo {
	uint16_t udp_sport;		/* source port */
	uint16_t udp_dport;		/* destination port */
	uint16_t udp_length;		/* length of header and payload */
	uint16_t udp_checksum;		/* checksum */
	struct udphdr *udp_hdr;		/* the raw header */
} udpinfo_t;

translator udpsinfo_t < struct sock *S > {
	udps_addr = (uintptr_t)S;
	udps_lport = ntohs(((struct inet_sock *)S)->inet_sport);
	udps_rport = ntohs(S->__sk_common.skc_dport);
	udps_laddr = S->__sk_common.skc_family == AF_INET ?
	    inet_ntoa(&S->__sk_common.skc_rcv_saddr) :
	    inet_ntoa6(&S->__sk_common.skc_v6_rcv_saddr);
	udps_raddr = S->__sk_common.skc_family == AF_INET ?
	    inet_ntoa(&S->__sk_common.skc_daddr) :
	    inet_ntoa6(&S->__sk_common.skc_v6_daddr);
};

translator udpinfo_t < struct udphdr *U > {
	udp_sport = ntohs(U->source);
	udp_dport = ntohs(U->dest);
	udp_length = ntohs(U->len);
	udp_checksum = ntohs(U->check);
	udp_hdr = U;
};
