#!/bin/bash
# A tcpaccept-style script, as published ones are written: count inbound
# connections by remote address (args[2]->ip_saddr) and local port
# (args[4]->tcp_dport: the last ACK of the handshake, as received) from
# tcp:::accept-established, print them at the end with printa.
. "$TESTDIR/net/netns.bash"
P=40500
prog='
#pragma D option quiet
tcp:::accept-established
/args[4]->tcp_dport == $1/
{
	@num[args[2]->ip_saddr, args[4]->tcp_dport] = count();
}
END
{
	printf("%-26s %-6s %s\n", "HOSTNAME", "PORT", "COUNT");
	printa("%-26s %-6d %@d\n", @num);
}'
want="HOSTNAME                   PORT   COUNT
127.0.0.1                  40500  1
::1                        40500  1"
got=$("$DTRACE" -n "$prog" -c "$(peer tcp 4,6 $P)" $P | sed '/^$/d')
compare tcpaccept "$want" "$got"
