#!/bin/bash
# Another tracer's uprobe events named BEGIN and END in a group of their
# own (made through tracefs's uprobe_events, as a tool may) are no kernel
# tracepoints: -l -n BEGIN and -l -n END list the dtrace provider's probe
# only, sdt lists nothing of the group, and a bare BEGIN and END fire
# once each (and the newline that ends tracing).
tmp=$(mktemp -d)
tracefs=/sys/kernel/tracing
[ -r $tracefs/available_events ] || tracefs=/sys/kernel/debug/tracing
grp=dtt_dyn$$
cleanup() {
	echo "-:$grp/BEGIN" >>$tracefs/uprobe_events 2>/dev/null
	echo "-:$grp/END" >>$tracefs/uprobe_events 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
{ echo "p:$grp/BEGIN /bin/true:0" >>$tracefs/uprobe_events &&
    echo "p:$grp/END /bin/true:0" >>$tracefs/uprobe_events; } ||
	{ echo "cannot make uprobe events"; exit 1; }
fail=0
grep -q "^$grp:BEGIN\$" $tracefs/available_events || { echo "no $grp:BEGIN in available_events"; fail=1; }
"$DTRACE" -l -n BEGIN -n END -P sdt >"$tmp/out" 2>"$tmp/err" || { echo "-l: exit status $?"; cat "$tmp/err"; fail=1; }
[ -s "$tmp/err" ] && { echo "-l stderr:"; cat "$tmp/err"; fail=1; }
grep -q "$grp" "$tmp/out" && { echo "listed:"; grep "$grp" "$tmp/out"; fail=1; }
# the heading, BEGIN, END, then sdt's
head -n 3 "$tmp/out" >"$tmp/head"
printf '%5s %10s %17s %33s %s\n' ID PROVIDER MODULE FUNCTION NAME \
    1 dtrace "" "" BEGIN 2 dtrace "" "" END | diff -u - "$tmp/head" || fail=1
grep -q " sdt  *sched  *sched_process_fork\$" "$tmp/out" || { echo "sdt: no sched_process_fork"; fail=1; }
"$DTRACE" -qn 'BEGIN { printf("x\n"); exit(0); } END { printf("y\n"); }' >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] || { echo "BEGIN: exit status $rc"; cat "$tmp/err"; fail=1; }
printf 'x\ny\n\n' | diff -u - "$tmp/out" || fail=1
exit $fail
