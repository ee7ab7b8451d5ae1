#!/bin/bash
# A tcpaccept-style script, as published ones are written: count inbound
# connections by remote address and local port from
# tcp:::accept-established, print them at the end with printa.
. "$TESTDIR/net/netns.bash"
P=40500
prog='
#pragma D option quiet
tcp:::accept-established
/args[3]->tcps_lport == $1/
{
	@num[args[3]->tcps_raddr, args[3]->tcps_lport] = count();
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
