#!/bin/bash
# A link holds at most 8192 uprobes: what a SIGKILL inside
# bpf(BPF_LINK_CREATE) makes the kernel leak is bounded (see
# tst.sigarm.sh).  Every instruction of libc's functions a* to m* (some
# 70,000 points of one object, program, process and kind) is armed as
# several links of at most 8192 (uprobe_cnt in dtrace's fdinfo), and the
# probes fire.  On private copies of libc and ld.so (fast to arm).
. "$TESTDIR/pid/common.bash"
private_libs
build_pid p $private_ld
start_waiting "$tmp/p" 100000 forever
d=
trap 'kill $wpid $d 2>/dev/null; rm -rf "$tmp"' EXIT
"$DTRACE" -qn 'pid$target:libc.so.6:[a-m]*: { @ = count(); }
    BEGIN { printf("ready\n"); }' -p $wpid >"$tmp/out" 2>"$tmp/err" &
d=$!
# wait with builtins only (read -t on a fifo nobody writes naps)
mkfifo "$tmp/nap" && exec 9<>"$tmp/nap" || fail "mkfifo"
SECONDS=0
while ((SECONDS < 100)) && [ ! -s "$tmp/out" ]; do
	kill -0 $d 2>/dev/null || fail "dtrace ended"
	read -r -t 0.2 -u 9
done
grep -q ready "$tmp/out" || fail "not armed in 100 s"
# "COUNT PATH" of each of dtrace's uprobe_multi links
awk 'FNR == 1 { multi = 0; n = "" }
     /^link_type:.*uprobe_multi/ { multi = 1 }
     /^uprobe_cnt:/ { n = $2 }
     /^path:/ && multi { print n, $2 }' /proc/$d/fdinfo/* >"$tmp/links" 2>/dev/null
sleep 0.5
kill -INT $d
wait $d || fail "dtrace failed"
d=
links=$(grep -c " $tmp/lib/libc.so.6\$" "$tmp/links")
[ "$links" -ge 2 ] || fail "$links libc links: $(cat "$tmp/links")"
awk '$1 > 8192 { bad = 1 } END { exit bad }' "$tmp/links" || fail "a link over 8192: $(cat "$tmp/links")"
grep -qE '^ +[1-9][0-9]*$' "$tmp/out" || fail "no firing"
exit 0
