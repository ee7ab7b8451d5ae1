#!/bin/bash
# tcp_state_string[] (dlib/tcp.d, the Guide's): a published-style
# state-change line, "old >> new" by name, for both ends of a loopback
# connection; sorted stably by socket as in tst.tcpstate.sh.
. "$TESTDIR/net/netns.bash"
P=40110
prog='
tcp:::state-change
/args[3]->tcps_lport == $1 || args[3]->tcps_rport == $1/
{
	printf("%d:%d %s >> %s\n", args[3]->tcps_lport, args[3]->tcps_rport,
	    tcp_state_string[args[5]->tcps_state],
	    tcp_state_string[args[3]->tcps_state]);
}'
want="40110:0 state-closed >> state-listen
40110:0 state-listen >> state-closed
40110:40111 state-listen >> state-syn-received
40110:40111 state-syn-received >> state-established
40110:40111 state-established >> state-close-wait
40110:40111 state-close-wait >> state-last-ack
40110:40111 state-last-ack >> state-closed
40111:40110 state-closed >> state-syn-sent
40111:40110 state-syn-sent >> state-established
40111:40110 state-established >> state-fin-wait-1
40111:40110 state-fin-wait-1 >> state-fin-wait-2
40111:40110 state-fin-wait-2 >> state-closed"
got=$("$DTRACE" -qn "$prog" -c "$(peer tcp 4 $P)" $P | sed '/^$/d' | sort -s -k1,1)
compare "tcp_state_string" "$want" "$got"
