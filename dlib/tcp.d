/*
 * tcp.d - the tcp provider's stable types (the Dynamic Tracing Guide's
 * tcpsinfo_t, tcplsinfo_t, tcpinfo_t), the TCP_STATE_* values and the
 * translators from the kernel's struct sock, TCP state numbers and TCP
 * headers.
 */
#pragma D depends_on library ip.d

/*
 * TCP states as the Guide (Solaris/illumos <inet/tcp.h>) numbers them:
 * Solaris-only values with no Linux header, written by hand.  The
 * translators map the kernel's states (net.d's TCP_*) onto these.
 */
inline int32_t TCP_STATE_CLOSED = -6;
inline int32_t TCP_STATE_IDLE = -5;
inline int32_t TCP_STATE_BOUND = -4;
inline int32_t TCP_STATE_LISTEN = -3;
inline int32_t TCP_STATE_SYN_SENT = -2;
inline int32_t TCP_STATE_SYN_RECEIVED = -1;
inline int32_t TCP_STATE_ESTABLISHED = 0;
inline int32_t TCP_STATE_CLOSE_WAIT = 1;
inline int32_t TCP_STATE_FIN_WAIT_1 = 2;
inline int32_t TCP_STATE_CLOSING = 3;
inline int32_t TCP_STATE_LAST_ACK = 4;
inline int32_t TCP_STATE_FIN_WAIT_2 = 5;
inline int32_t TCP_STATE_TIME_WAIT = 6;

/* a state's name, as scripts print it (the Guide's tcp.d) */
inline string tcp_state_string[int32_t state] =
	state == TCP_STATE_CLOSED ? "state-closed" :
	state == TCP_STATE_IDLE ? "state-idle" :
	state == TCP_STATE_BOUND ? "state-bound" :
	state == TCP_STATE_LISTEN ? "state-listen" :
	state == TCP_STATE_SYN_SENT ? "state-syn-sent" :
	state == TCP_STATE_SYN_RECEIVED ? "state-syn-received" :
	state == TCP_STATE_ESTABLISHED ? "state-established" :
	state == TCP_STATE_CLOSE_WAIT ? "state-close-wait" :
	state == TCP_STATE_FIN_WAIT_1 ? "state-fin-wait-1" :
	state == TCP_STATE_CLOSING ? "state-closing" :
	state == TCP_STATE_LAST_ACK ? "state-last-ack" :
	state == TCP_STATE_FIN_WAIT_2 ? "state-fin-wait-2" :
	state == TCP_STATE_TIME_WAIT ? "state-time-wait" :
	"<unknown>";

typedef struct tcpsinfo {
	uintptr_t tcps_addr;		/* the struct sock */
	int tcps_local;			/* both ends are this host's addresses */
	int tcps_active;		/* not available */
	uint16_t tcps_lport;		/* local port */
	uint16_t tcps_rport;		/* remote port */
	string tcps_laddr;		/* local address */
	string tcps_raddr;		/* remote address */
	int32_t tcps_state;		/* TCP_STATE_* */
	uint32_t tcps_iss;		/* not available */
	uint32_t tcps_suna;		/* oldest unacknowledged sequence # */
	uint32_t tcps_snxt;		/* next sequence # to send */
	uint32_t tcps_rack;		/* not available */
	uint32_t tcps_rnxt;		/* next sequence # expected */
	uint32_t tcps_swnd;		/* send window */
	int32_t tcps_snd_ws;		/* send window scale */
	uint32_t tcps_rwnd;		/* receive window */
	int32_t tcps_rcv_ws;		/* receive window scale */
	uint32_t tcps_cwnd;		/* congestion window */
	uint32_t tcps_cwnd_ssthresh;	/* slow start threshold */
	uint32_t tcps_sack_fack;	/* not available */
	uint32_t tcps_sack_snxt;	/* not available */
	uint32_t tcps_rto;		/* not available */
	uint32_t tcps_mss;		/* current MSS */
	int tcps_retransmit;		/* retransmissions of this segment so far */
} tcpsinfo_t;

typedef struct tcplsinfo {
	int32_t tcps_state;		/* the previous TCP_STATE_* */
} tcplsinfo_t;

typedef struct tcpinfo {
	uint16_t tcp_sport;		/* source port */
	uint16_t tcp_dport;		/* destination port */
	uint32_t tcp_seq;		/* sequence number */
	uint32_t tcp_ack;		/* acknowledgement number */
	uint8_t tcp_offset;		/* header length in bytes */
	uint8_t tcp_flags;		/* TH_* */
	uint16_t tcp_window;		/* window */
	uint16_t tcp_checksum;		/* checksum */
	uint16_t tcp_urgent;		/* urgent pointer */
	struct tcphdr *tcp_hdr;		/* the raw header */
} tcpinfo_t;

/* the kernel's TCP state S as a TCP_STATE_* value (12: TCP_NEW_SYN_RECV,
   a request socket) */
translator tcplsinfo_t < int S > {
	tcps_state = S == TCP_ESTABLISHED ? TCP_STATE_ESTABLISHED :
	    S == TCP_SYN_SENT ? TCP_STATE_SYN_SENT :
	    S == TCP_SYN_RECV || S == 12 ? TCP_STATE_SYN_RECEIVED :
	    S == TCP_FIN_WAIT1 ? TCP_STATE_FIN_WAIT_1 :
	    S == TCP_FIN_WAIT2 ? TCP_STATE_FIN_WAIT_2 :
	    S == TCP_TIME_WAIT ? TCP_STATE_TIME_WAIT :
	    S == TCP_CLOSE_WAIT ? TCP_STATE_CLOSE_WAIT :
	    S == TCP_LAST_ACK ? TCP_STATE_LAST_ACK :
	    S == TCP_LISTEN ? TCP_STATE_LISTEN :
	    S == TCP_CLOSING ? TCP_STATE_CLOSING : TCP_STATE_CLOSED;
};

translator tcpsinfo_t < struct sock *S > {
	tcps_addr = (uintptr_t)S;
	tcps_local = S->__sk_common.skc_family == AF_INET ?
	    S->__sk_common.skc_rcv_saddr == S->__sk_common.skc_daddr :
	    S->__sk_common.skc_v6_rcv_saddr.in6_u.u6_addr32[0] ==
	    S->__sk_common.skc_v6_daddr.in6_u.u6_addr32[0] &&
	    S->__sk_common.skc_v6_rcv_saddr.in6_u.u6_addr32[1] ==
	    S->__sk_common.skc_v6_daddr.in6_u.u6_addr32[1] &&
	    S->__sk_common.skc_v6_rcv_saddr.in6_u.u6_addr32[2] ==
	    S->__sk_common.skc_v6_daddr.in6_u.u6_addr32[2] &&
	    S->__sk_common.skc_v6_rcv_saddr.in6_u.u6_addr32[3] ==
	    S->__sk_common.skc_v6_daddr.in6_u.u6_addr32[3];
	tcps_lport = ntohs(((struct inet_sock *)S)->inet_sport);
	tcps_rport = ntohs(S->__sk_common.skc_dport);
	tcps_laddr = S->__sk_common.skc_family == AF_INET ?
	    inet_ntoa(&S->__sk_common.skc_rcv_saddr) :
	    inet_ntoa6(&S->__sk_common.skc_v6_rcv_saddr);
	tcps_raddr = S->__sk_common.skc_family == AF_INET ?
	    inet_ntoa(&S->__sk_common.skc_daddr) :
	    inet_ntoa6(&S->__sk_common.skc_v6_daddr);
	tcps_state = xlate <tcplsinfo_t> ((int)S->__sk_common.skc_state).tcps_state;
	tcps_suna = ((struct tcp_sock *)S)->snd_una;
	tcps_snxt = ((struct tcp_sock *)S)->snd_nxt;
	tcps_rnxt = ((struct tcp_sock *)S)->rcv_nxt;
	tcps_swnd = ((struct tcp_sock *)S)->snd_wnd;
	tcps_snd_ws = ((struct tcp_sock *)S)->rx_opt.snd_wscale;
	tcps_rwnd = ((struct tcp_sock *)S)->rcv_wnd;
	tcps_rcv_ws = ((struct tcp_sock *)S)->rx_opt.rcv_wscale;
	tcps_cwnd = ((struct tcp_sock *)S)->snd_cwnd;
	tcps_cwnd_ssthresh = ((struct tcp_sock *)S)->snd_ssthresh;
	tcps_mss = ((struct tcp_sock *)S)->mss_cache;
	tcps_retransmit = ((struct inet_connection_sock *)S)->icsk_retransmits;
};

translator tcpinfo_t < struct tcphdr *T > {
	tcp_sport = ntohs(T->source);
	tcp_dport = ntohs(T->dest);
	tcp_seq = ntohl(T->seq);
	tcp_ack = ntohl(T->ack_seq);
	tcp_offset = T->doff * 4;
	tcp_flags = *((uint8_t *)T + 13);
	tcp_window = ntohs(T->window);
	tcp_checksum = ntohs(T->check);
	tcp_urgent = ntohs(T->urg_ptr);
	tcp_hdr = T;
};

/*
 * sock:inet_sock_set_state's arguments as the tcp provider passes them
 * (state-change, connect-established, accept-established): the socket
 * still holds its old state when the tracepoint fires, so tcpsinfo_t's
 * tcps_state is the new state from here, tcplsinfo_t's the old one.
 */
typedef struct dt_tcpstate {
	struct sock *sk;
	int64_t oldstate;
	int64_t newstate;
} dt_tcpstate_t;

translator tcplsinfo_t < dt_tcpstate_t *C > {
	tcps_state = xlate <tcplsinfo_t> ((int)C->oldstate).tcps_state;
};

translator tcpsinfo_t < dt_tcpstate_t *C > {
	tcps_addr = (uintptr_t)C->sk;
	tcps_local = xlate <tcpsinfo_t *> (C->sk)->tcps_local;
	tcps_lport = xlate <tcpsinfo_t *> (C->sk)->tcps_lport;
	tcps_rport = xlate <tcpsinfo_t *> (C->sk)->tcps_rport;
	tcps_laddr = xlate <tcpsinfo_t *> (C->sk)->tcps_laddr;
	tcps_raddr = xlate <tcpsinfo_t *> (C->sk)->tcps_raddr;
	tcps_state = xlate <tcplsinfo_t> ((int)C->newstate).tcps_state;
	tcps_suna = xlate <tcpsinfo_t *> (C->sk)->tcps_suna;
	tcps_snxt = xlate <tcpsinfo_t *> (C->sk)->tcps_snxt;
	tcps_rnxt = xlate <tcpsinfo_t *> (C->sk)->tcps_rnxt;
	tcps_swnd = xlate <tcpsinfo_t *> (C->sk)->tcps_swnd;
	tcps_snd_ws = xlate <tcpsinfo_t *> (C->sk)->tcps_snd_ws;
	tcps_rwnd = xlate <tcpsinfo_t *> (C->sk)->tcps_rwnd;
	tcps_rcv_ws = xlate <tcpsinfo_t *> (C->sk)->tcps_rcv_ws;
	tcps_cwnd = xlate <tcpsinfo_t *> (C->sk)->tcps_cwnd;
	tcps_cwnd_ssthresh = xlate <tcpsinfo_t *> (C->sk)->tcps_cwnd_ssthresh;
	tcps_mss = xlate <tcpsinfo_t *> (C->sk)->tcps_mss;
	tcps_retransmit = xlate <tcpsinfo_t *> (C->sk)->tcps_retransmit;
};

/*
 * tcp:::accept-refused: the kernel's tcp:tcp_send_reset tracepoint has
 * the segment that is refused (a SYN to a port nothing listens on), not
 * the RST sent in reply; the RST is that segment's reply as RFC 793 (and
 * tcp_v4/v6_send_reset) make it: addresses and ports swapped, no
 * payload, flags RST|ACK, sequence number 0, acknowledging the SYN
 * (data on the SYN, as TCP Fast Open sends, is not counted).  dt_ipreply_t / dt_tcpreply_t point at the refused segment's
 * IP and TCP headers; the translators describe the reply.
 */
typedef struct dt_ipreply { uint8_t ip_vhl; } dt_ipreply_t;
typedef struct dt_tcpreply { uint16_t th_sport; } dt_tcpreply_t;

translator ipinfo_t < dt_ipreply_t *R > {
	ip_ver = xlate <ipinfo_t *> ((struct iphdr *)R)->ip_ver;
	ip_plength = sizeof (struct tcphdr);
	ip_saddr = xlate <ipinfo_t *> ((struct iphdr *)R)->ip_daddr;
	ip_daddr = xlate <ipinfo_t *> ((struct iphdr *)R)->ip_saddr;
};

translator tcpinfo_t < dt_tcpreply_t *R > {
	tcp_sport = ntohs(((struct tcphdr *)R)->dest);
	tcp_dport = ntohs(((struct tcphdr *)R)->source);
	tcp_seq = 0;
	tcp_ack = ntohl(((struct tcphdr *)R)->seq) + 1;
	tcp_offset = sizeof (struct tcphdr);
	tcp_flags = TH_RST | TH_ACK;
	tcp_window = 0;
	tcp_urgent = 0;
};

/*
 * tcp:::connect-refused: tcp:tcp_receive_reset has the socket, not the
 * RST received; what the socket says of that RST is given: it came from
 * the remote end to the local one and acknowledged the SYN (a reset in
 * SYN_SENT is accepted only then: ack == snd_nxt).  Its length, sequence
 * number and window are not known (undefined members).  dt_rstin_t
 * points at the socket.
 */
typedef struct dt_rstin { uint16_t skc_family; } dt_rstin_t;

translator ipinfo_t < dt_rstin_t *R > {
	ip_ver = ((struct sock *)R)->__sk_common.skc_family == AF_INET ? 4 : 6;
	ip_saddr = xlate <tcpsinfo_t *> ((struct sock *)R)->tcps_raddr;
	ip_daddr = xlate <tcpsinfo_t *> ((struct sock *)R)->tcps_laddr;
};

translator tcpinfo_t < dt_rstin_t *R > {
	tcp_sport = xlate <tcpsinfo_t *> ((struct sock *)R)->tcps_rport;
	tcp_dport = xlate <tcpsinfo_t *> ((struct sock *)R)->tcps_lport;
	tcp_ack = ((struct tcp_sock *)R)->snd_nxt;
	tcp_flags = TH_RST | TH_ACK;
};

/*
 * connect-established / accept-established: the segment that completed
 * the handshake (the SYN-ACK received, the last ACK received) as the
 * socket describes it: from the remote end to the local one, flags
 * SYN|ACK or ACK.  Its length, sequence numbers and window are not
 * known (undefined members).
 */
translator ipinfo_t < dt_tcpstate_t *C > {
	ip_ver = C->sk->__sk_common.skc_family == AF_INET ? 4 : 6;
	ip_saddr = xlate <tcpsinfo_t *> (C->sk)->tcps_raddr;
	ip_daddr = xlate <tcpsinfo_t *> (C->sk)->tcps_laddr;
};

translator tcpinfo_t < dt_tcpstate_t *C > {
	tcp_sport = xlate <tcpsinfo_t *> (C->sk)->tcps_rport;
	tcp_dport = xlate <tcpsinfo_t *> (C->sk)->tcps_lport;
	tcp_flags = C->oldstate == TCP_SYN_SENT ? TH_SYN | TH_ACK : TH_ACK;
};
