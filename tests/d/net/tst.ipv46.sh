#!/bin/bash
# ip:::send and ip:::receive's ipv4info_t (args[4], IPv4 packets) and
# ipv6info_t (args[5], IPv6 packets): the header's fields, of the test
# namespace's UDP datagrams (30 bytes of payload there, 7 back).
. "$TESTDIR/net/netns.bash"
prog='
ip:::send, ip:::receive
/args[3]->if_ipstack == $1 && args[2]->ip_ver == 4/
{
	printf("%s v%d ihl %d len %d proto %d %s ttl %d off %d %s -> %s\n", probename,
	    args[4]->ipv4_ver, args[4]->ipv4_ihl, args[4]->ipv4_length, args[4]->ipv4_protocol,
	    args[4]->ipv4_protostr, args[4]->ipv4_ttl, args[4]->ipv4_offset,
	    args[4]->ipv4_saddr, args[4]->ipv4_daddr);
}
ip:::send, ip:::receive
/args[3]->if_ipstack == $1 && args[2]->ip_ver == 6/
{
	printf("%s v%d plen %d next %d %s hlim %d %s -> %s %s\n", probename,
	    args[5]->ipv6_ver, args[5]->ipv6_plen, args[5]->ipv6_nexthdr,
	    args[5]->ipv6_nextstr, args[5]->ipv6_hlim, args[5]->ipv6_saddr,
	    args[5]->ipv6_daddr, inet_ntoa6(args[5]->ipv6_src));
}'
want="send v4 ihl 20 len 58 proto 17 UDP ttl 64 off 0 127.0.0.1 -> 127.0.0.1
receive v4 ihl 20 len 58 proto 17 UDP ttl 64 off 0 127.0.0.1 -> 127.0.0.1
send v4 ihl 20 len 35 proto 17 UDP ttl 64 off 0 127.0.0.1 -> 127.0.0.1
receive v4 ihl 20 len 35 proto 17 UDP ttl 64 off 0 127.0.0.1 -> 127.0.0.1
send v6 plen 38 next 17 UDP hlim 64 ::1 -> ::1 ::1
receive v6 plen 38 next 17 UDP hlim 64 ::1 -> ::1 ::1
send v6 plen 15 next 17 UDP hlim 64 ::1 -> ::1 ::1
receive v6 plen 15 next 17 UDP hlim 64 ::1 -> ::1 ::1"
got=$("$DTRACE" -qn "$prog" -c "$(peer udp 4,6 40700)" $nsino | sed '/^$/d')
compare ipv4info/ipv6info "$want" "$got"
