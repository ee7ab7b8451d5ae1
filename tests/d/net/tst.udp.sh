#!/bin/bash
# udp:::send and udp:::receive over loopback, IPv4 and IPv6: addresses,
# ports and udp_length (8 + payload: 30 bytes there, 7 back); the
# sender's socket (args[3]) on send.
. "$TESTDIR/net/netns.bash"
P=40300
prog='
udp:::send, udp:::receive
/args[4]->udp_sport == $1 || args[4]->udp_dport == $1/
{
	printf("%s %s:%d -> %s:%d %d %d\n", probename, args[2]->ip_saddr, args[4]->udp_sport,
	    args[2]->ip_daddr, args[4]->udp_dport, args[4]->udp_length, args[2]->ip_plength);
}
udp:::send
/args[4]->udp_sport == $1 || args[4]->udp_dport == $1/
{
	printf("socket %s:%d\n", args[3]->udps_laddr, args[3]->udps_lport);
}'
rc=0
for fam in 4 6; do
	if [ $fam = 4 ]; then a=127.0.0.1; else a=::1; fi
	want="send $a:40301 -> $a:40300 38 38
socket $a:40301
receive $a:40301 -> $a:40300 38 38
send $a:40300 -> $a:40301 15 15
socket $a:40300
receive $a:40300 -> $a:40301 15 15"
	got=$("$DTRACE" -qn "$prog" -c "$(peer udp $fam $P)" $P | sed '/^$/d')
	compare "IPv$fam" "$want" "$got" || rc=1
done
exit $rc
