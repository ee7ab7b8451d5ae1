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

translator ifinfo_t < struct net_device *D > {
	if_name = stringof(D->name);
	if_local = (D->flags & IFF_LOOPBACK) != 0;
	if_ipstack = D->nd_net.net->ns.inum;
	if_addr = (uintptr_t)D;
};
