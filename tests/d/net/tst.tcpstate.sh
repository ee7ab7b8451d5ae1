#!/bin/bash
# tcp:::state-change over loopback, IPv4 and IPv6: each socket's states in
# order (the Guide's TCP_STATE_* values; args[5] the previous state,
# args[3] the socket with its new state), and connect-established /
# accept-established with their addresses and ports and the segment
# received that completed the handshake (SYN|ACK, ACK).  Lines are sorted,
# stably, by socket (local:remote port), as the two ends' changes
# interleave with timing; the active closer's TIME_WAIT is a separate
# kernel object, so its socket goes from FIN_WAIT_2 to CLOSED.
. "$TESTDIR/net/netns.bash"
P=40100
prog='
tcp:::state-change
/args[3]->tcps_lport == $1 || args[3]->tcps_rport == $1/
{
	printf("%d:%d state %d -> %d %s %s\n", args[3]->tcps_lport, args[3]->tcps_rport,
	    args[5]->tcps_state, args[3]->tcps_state, args[3]->tcps_laddr, args[3]->tcps_raddr);
}
tcp:::connect-established, tcp:::accept-established
/args[3]->tcps_lport == $1 || args[3]->tcps_rport == $1/
{
	printf("%d:%d %s %s %s %d %s:%d -> %s:%d %x\n", args[3]->tcps_lport, args[3]->tcps_rport,
	    probename, args[3]->tcps_laddr, args[3]->tcps_raddr,
	    args[3]->tcps_state == TCP_STATE_ESTABLISHED, args[2]->ip_saddr, args[4]->tcp_sport,
	    args[2]->ip_daddr, args[4]->tcp_dport, args[4]->tcp_flags);
}'
rc=0
for fam in 4 6; do
	if [ $fam = 4 ]; then a=127.0.0.1 any=0.0.0.0; else a=::1 any=::; fi
	want="40100:0 state -6 -> -3 $a $any
40100:0 state -3 -> -6 $a $any
40100:40101 state -3 -> -1 $a $a
40100:40101 state -1 -> 0 $a $a
40100:40101 accept-established $a $a 1 $a:40101 -> $a:40100 10
40100:40101 state 0 -> 1 $a $a
40100:40101 state 1 -> 4 $a $a
40100:40101 state 4 -> -6 $a $a
40101:40100 state -6 -> -2 $a $a
40101:40100 state -2 -> 0 $a $a
40101:40100 connect-established $a $a 1 $a:40100 -> $a:40101 12
40101:40100 state 0 -> 2 $a $a
40101:40100 state 2 -> 5 $a $a
40101:40100 state 5 -> -6 $a $a"
	got=$("$DTRACE" -qn "$prog" -c "$(peer tcp $fam $P)" $P | sed '/^$/d' | sort -s -k1,1)
	compare "IPv$fam" "$want" "$got" || rc=1
done
exit $rc
