/*
 * ip.d - the ip provider's stable types (the Dynamic Tracing Guide's
 * pktinfo_t, csinfo_t, ipinfo_t, ifinfo_t), shared by the tcp and udp
 * providers, and their translators from the kernel's objects.
 *
 * The providers (lib/prov/net.c) pass kernel pointers: a struct sk_buff *
 * for pktinfo_t, a struct sock * for csinfo_t, a pointer to the packet's
 * IP header (IPv4 or IPv6, told apart by its version nibble) for
 * ipinfo_t, and the struct net_device * for ifinfo_t.
 */
#pragma D depends_on library net.d

typedef struct pktinfo {
	uintptr_t pkt_addr;		/* the struct sk_buff */
} pktinfo_t;

typedef struct csinfo {
	uintptr_t cs_addr;		/* the struct sock */
	uint64_t cs_cid;		/* connection id (the struct sock's address) */
	pid_t cs_pid;			/* not available (the kernel keeps no owner) */
	zoneid_t cs_zoneid;		/* always 0 */
} csinfo_t;

typedef struct ipinfo {
	uint8_t ip_ver;			/* 4 or 6 */
	uint16_t ip_plength;		/* payload length in bytes */
	string ip_saddr;		/* source address */
	string ip_daddr;		/* destination address */
} ipinfo_t;

typedef struct ifinfo {
	string if_name;			/* interface name */
	int8_t if_local;		/* 1: the loopback interface */
	int64_t if_ipstack;		/* network namespace's inode number */
	uintptr_t if_addr;		/* the struct net_device */
} ifinfo_t;

typedef struct ipv4info {
	uint8_t ipv4_ver;		/* 4 */
	uint8_t ipv4_ihl;		/* header length in bytes */
	uint8_t ipv4_tos;		/* type of service */
	uint16_t ipv4_length;		/* total length */
	uint16_t ipv4_ident;		/* identification */
	uint8_t ipv4_flags;		/* IPH_DF, IPH_MF */
	uint16_t ipv4_offset;		/* fragment offset */
	uint8_t ipv4_ttl;		/* time to live */
	uint8_t ipv4_protocol;		/* next level protocol */
	string ipv4_protostr;		/* its name */
	uint16_t ipv4_checksum;		/* header checksum */
	ipaddr_t ipv4_src;		/* source address */
	ipaddr_t ipv4_dst;		/* destination address */
	string ipv4_saddr;		/* source address as a string */
	string ipv4_daddr;		/* destination address as a string */
	struct iphdr *ipv4_hdr;		/* the header */
} ipv4info_t;

typedef struct ipv6info {
	uint8_t ipv6_ver;		/* 6 */
	uint8_t ipv6_tclass;		/* traffic class */
	uint32_t ipv6_flow;		/* flow label */
	uint16_t ipv6_plen;		/* payload length */
	uint8_t ipv6_nexthdr;		/* next header protocol */
	string ipv6_nextstr;		/* its name */
	uint8_t ipv6_hlim;		/* hop limit */
	struct in6_addr *ipv6_src;	/* source address */
	struct in6_addr *ipv6_dst;	/* destination address */
	string ipv6_saddr;		/* source address as a string */
	string ipv6_daddr;		/* destination address as a string */
	struct ipv6hdr *ipv6_hdr;	/* the header */
} ipv6info_t;

/* the illumos flags of ipv4_flags */
inline uint8_t IPH_DF = 2;
inline uint8_t IPH_MF = 1;

translator pktinfo_t < struct sk_buff *S > {
	pkt_addr = (uintptr_t)S;
};

translator csinfo_t < struct sock *S > {
	cs_addr = (uintptr_t)S;
	cs_cid = (uint64_t)S;
	cs_zoneid = 0;
};

/* H points at an IPv4 header or, when its version is 6, an IPv6 header */
translator ipinfo_t < struct iphdr *H > {
	ip_ver = H->version;
	ip_plength = H->version == 4 ? ntohs(H->tot_len) - H->ihl * 4 :
	    ntohs(((struct ipv6hdr *)H)->payload_len);
	ip_saddr = H->version == 4 ? inet_ntoa(&H->saddr) :
	    inet_ntoa6(&((struct ipv6hdr *)H)->saddr);
	ip_daddr = H->version == 4 ? inet_ntoa(&H->daddr) :
	    inet_ntoa6(&((struct ipv6hdr *)H)->daddr);
};

/* H: the IPv4 header (ip:::send/receive pass NULL for an IPv6 packet) */
translator ipv4info_t < struct iphdr *H > {
	ipv4_ver = H->version;
	ipv4_ihl = H->ihl * 4;
	ipv4_tos = H->tos;
	ipv4_length = ntohs(H->tot_len);
	ipv4_ident = ntohs(H->id);
	ipv4_flags = ntohs(H->frag_off) >> 13;
	ipv4_offset = ntohs(H->frag_off) & 0x1fff;
	ipv4_ttl = H->ttl;
	ipv4_protocol = H->protocol;
	ipv4_protostr = H->protocol == IPPROTO_TCP ? "TCP" :
	    H->protocol == IPPROTO_UDP ? "UDP" :
	    H->protocol == IPPROTO_ICMP ? "ICMP" :
	    H->protocol == IPPROTO_ICMPV6 ? "ICMPV6" :
	    H->protocol == IPPROTO_SCTP ? "SCTP" : lltostr(H->protocol);
	ipv4_checksum = ntohs(H->check);
	ipv4_src = H->saddr;
	ipv4_dst = H->daddr;
	ipv4_saddr = inet_ntoa(&H->saddr);
	ipv4_daddr = inet_ntoa(&H->daddr);
	ipv4_hdr = H;
};

/* H: the IPv6 header (NULL for an IPv4 packet) */
translator ipv6info_t < struct ipv6hdr *H > {
	ipv6_ver = H->version;
	ipv6_tclass = (ntohl(*(uint32_t *)H) >> 20) & 0xff;
	ipv6_flow = ntohl(*(uint32_t *)H) & 0xfffff;
	ipv6_plen = ntohs(H->payload_len);
	ipv6_nexthdr = H->nexthdr;
	ipv6_nextstr = H->nexthdr == IPPROTO_TCP ? "TCP" :
	    H->nexthdr == IPPROTO_UDP ? "UDP" :
	    H->nexthdr == IPPROTO_ICMP ? "ICMP" :
	    H->nexthdr == IPPROTO_ICMPV6 ? "ICMPV6" :
	    H->nexthdr == IPPROTO_SCTP ? "SCTP" : lltostr(H->nexthdr);
	ipv6_hlim = H->hop_limit;
	ipv6_src = &H->saddr;
	ipv6_dst = &H->daddr;
	ipv6_saddr = inet_ntoa6(&H->saddr);
	ipv6_daddr = inet_ntoa6(&H->daddr);
	ipv6_hdr = H;
};

translator ifinfo_t < struct net_device *D > {
	if_name = stringof(D->name);
	if_local = (D->flags & IFF_LOOPBACK) != 0;
	if_ipstack = D->nd_net.net->ns.inum;
	if_addr = (uintptr_t)D;
};
