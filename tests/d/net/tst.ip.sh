#!/bin/bash
# ip:::send and ip:::receive: the test namespace's packets (ifinfo_t's
# if_ipstack is the namespace's inode number) of a UDP exchange over
# loopback, IPv4 and IPv6: version, addresses, payload length, interface.
. "$TESTDIR/net/netns.bash"
prog='
ip:::send, ip:::receive
/args[3]->if_ipstack == $1/
{
	printf("%s v%d %s -> %s %d %s %d\n", probename, args[2]->ip_ver, args[2]->ip_saddr,
	    args[2]->ip_daddr, args[2]->ip_plength, args[3]->if_name, args[3]->if_local);
}'
rc=0
for fam in 4 6; do
	if [ $fam = 4 ]; then a=127.0.0.1; else a=::1; fi
	want="send v$fam $a -> $a 38 lo 1
receive v$fam $a -> $a 38 lo 1
send v$fam $a -> $a 15 lo 1
receive v$fam $a -> $a 15 lo 1"
	got=$("$DTRACE" -qn "$prog" -c "$(peer udp $fam 40400)" $nsino | sed '/^$/d')
	compare "IPv$fam" "$want" "$got" || rc=1
done
exit $rc
