#!/bin/bash
# -l and -lv of the ip, tcp and udp providers (the probe ids filtered out):
# the probes that work here, and their arguments' stable types.
want=$(cat "$TESTDIR/net/tst.list.sh.want")
got=$("$DTRACE" -lv -P ip -P tcp -P udp | awk '$1 ~ /^[0-9]+$/ { $1 = "" } { print }')
[ "$got" = "$want" ] && exit 0
diff -u <(printf '%s\n' "$want") <(printf '%s\n' "$got")
exit 1
