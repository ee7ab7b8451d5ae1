#!/bin/bash
# No uprobe outlives dtrace, however it ends: the multi-uprobe links are
# file descriptors of dtrace's (read from /proc/PID/fdinfo while it
# traces), gone from `bpftool link` after dtrace exits normally and after
# kill -9; no uprobe event is ever left in tracefs's uprobe_events.
. "$TESTDIR/pid/common.bash"
build_pid p
start_waiting "$tmp/p" 100000 forever
trap 'kill $wpid 2>/dev/null; rm -rf "$tmp"' EXIT
links_of() {	# the ids of process $1's uprobe_multi links
	# (one awk over every fdinfo file: an exec per fd took seconds where
	# executables are paged out, and dtrace was gone first)
	# (link_type comes before link_id in a link's fdinfo)
	awk 'FNR == 1 { multi = 0 }
	     /^link_type:.*uprobe_multi/ { multi = 1 }
	     /^link_id:/ && multi { print $2 }' /proc/$1/fdinfo/* 2>/dev/null
}
for how in exit kill; do
	"$DTRACE" -qn 'pid$target:a.out:pid_*:entry, pid$target:libc.so.6:malloc:return { @[probefunc] = count(); }
	    tick-4s { exit(0); }' -p $wpid >"$tmp/out" 2>"$tmp/err" &
	d=$!
	ids=
	for ((i = 0; i < 100; i++)); do
		ids=$(links_of $d)
		[ -n "$ids" ] && break
		sleep 0.02
	done
	[ -n "$ids" ] || fail "no links seen ($how)"
	# one program (shared) on one link per object (a.out, libc), and
	# one more for a uretprobe if malloc did not decode
	[ "$(echo "$ids" | wc -l)" -le 3 ] || fail "links: $ids"
	[ $how = kill ] && kill -9 $d
	wait $d
	for id in $ids; do
		bpftool link show id "$id" >/dev/null 2>&1 && fail "link $id left after $how"
	done
	! grep -q "$tmp/p" /sys/kernel/tracing/uprobe_events 2>/dev/null || fail "uprobe event left ($how)"
done
exit 0
