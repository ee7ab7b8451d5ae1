#!/bin/bash
# tcp:::send and tcp:::receive over loopback, IPv4 and IPv6: payload bytes
# (ip_plength - tcp_offset) by direction, from the packets' own IP and
# TCP headers (the client sends 100 bytes, the server answers 20), and
# tcp:::connect-request (the SYN: flags TH_SYN only); tcp:::connect-refused
# for a connection to a port nothing listens on (the RST it received as
# its socket describes it), and tcp:::accept-refused
# on the other end: the RST (RST|ACK, sequence 0) from the closed port,
# acknowledging the SYN's sequence number (connect-request's) + 1.
. "$TESTDIR/net/netns.bash"
P=40200
io='
tcp:::send, tcp:::receive
/args[4]->tcp_sport == $1 || args[4]->tcp_dport == $1/
{
	@[probename, args[2]->ip_saddr, args[4]->tcp_sport, args[2]->ip_daddr,
	    args[4]->tcp_dport, args[2]->ip_ver] = sum(args[2]->ip_plength - args[4]->tcp_offset);
}
tcp:::connect-request
/args[4]->tcp_dport == $1/
{
	printf("connect-request %s:%d -> %s:%d flags %x state %d\n", args[2]->ip_saddr,
	    args[4]->tcp_sport, args[2]->ip_daddr, args[4]->tcp_dport, args[4]->tcp_flags,
	    args[3]->tcps_state);
}
END { printa("%s %s:%d -> %s:%d v%d %@d\n", @); }'
refused='
tcp:::connect-request
/args[4]->tcp_dport == $1/
{
	syn = args[4]->tcp_seq;
}
tcp:::accept-refused
/args[4]->tcp_sport == $1/
{
	printf("accept-refused %s:%d -> %s:%d v%d %d flags %x seq %d acks SYN+1 %d\n",
	    args[2]->ip_saddr, args[4]->tcp_sport, args[2]->ip_daddr, args[4]->tcp_dport,
	    args[2]->ip_ver, args[2]->ip_plength, args[4]->tcp_flags, args[4]->tcp_seq,
	    args[4]->tcp_ack == syn + 1);
}
tcp:::connect-refused
/args[3]->tcps_rport == $1/
{
	printf("connect-refused %s:%d -> %s:%d state %d\n", args[3]->tcps_laddr,
	    args[3]->tcps_lport, args[3]->tcps_raddr, args[3]->tcps_rport, args[3]->tcps_state);
	printf("RST %s:%d -> %s:%d v%d flags %x acks SYN+1 %d\n", args[2]->ip_saddr,
	    args[4]->tcp_sport, args[2]->ip_daddr, args[4]->tcp_dport, args[2]->ip_ver,
	    args[4]->tcp_flags, args[4]->tcp_ack == syn + 1);
}'
rc=0
for fam in 4 6; do
	if [ $fam = 4 ]; then a=127.0.0.1; else a=::1; fi
	want="connect-request $a:40201 -> $a:40200 flags 2 state -2
receive $a:40200 -> $a:40201 v$fam 20
receive $a:40201 -> $a:40200 v$fam 100
send $a:40200 -> $a:40201 v$fam 20
send $a:40201 -> $a:40200 v$fam 100"
	got=$("$DTRACE" -qn "$io" -c "$(peer tcp $fam $P)" $P | sed '/^$/d' | sort)
	compare "IPv$fam io" "$want" "$got" || rc=1
	want="accept-refused $a:40200 -> $a:40202 v$fam 20 flags 14 seq 0 acks SYN+1 1
connect-refused $a:40202 -> $a:40200 state -2
RST $a:40200 -> $a:40202 v$fam flags 14 acks SYN+1 1"
	got=$("$DTRACE" -qn "$refused" -c "$(peer refuse $fam $P)" $P | sed '/^$/d')
	compare "IPv$fam refused" "$want" "$got" || rc=1
done
exit $rc
