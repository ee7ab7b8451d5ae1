#!/bin/bash
# A dynamic event in a group of its own (a uprobe event made through
# tracefs, here dtsdtPID/main on the workload's main) is no kernel
# tracepoint: neither a raw tracepoint link nor a tracepoint program can
# attach to it (a uprobe event takes a kprobe-type program), so neither the
# sdt nor the rawtp provider lists it; the tracepoints of an existing group
# are still listed and enabled beside it.
tmp=$(mktemp -d)
tracefs=/sys/kernel/tracing
[ -r $tracefs/available_events ] || tracefs=/sys/kernel/debug/tracing
grp=dtsdt$$
cleanup() {
	echo "-:$grp/main" >>$tracefs/uprobe_events 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
. "$TESTDIR/progs/build.bash"
build_prog sysload
# main's file offset: its address in the executable LOAD segment, less
# the segment's address, plus the segment's offset
main=$(nm "$tmp/sysload" | awk '$2 == "T" && $3 == "main" { print $1 }')
off=
m=$((16#$main))
while read -r _ o v _ fs _ fl; do	# fl: the flags and alignment
	case "$fl" in *E*) ;; *) continue ;; esac
	if [ $m -ge $((v)) ] && [ $m -lt $((v + fs)) ]; then
		off=$(printf '0x%x' $((m - v + o)))
	fi
done < <(readelf -lW "$tmp/sysload" | grep '^ *LOAD')
[ -n "$main" ] && [ -n "$off" ] || { echo "cannot find main in sysload"; exit 1; }
echo "p:$grp/main $tmp/sysload:$off" >>$tracefs/uprobe_events || { echo "cannot make a uprobe event"; exit 1; }
fail=0
grep -q "^$grp:main\$" $tracefs/available_events || { echo "no $grp:main in available_events"; fail=1; }
for p in sdt rawtp; do
	"$DTRACE" -l -P $p >"$tmp/out" 2>&1 || { echo "-l -P $p: exit status $?"; fail=1; }
	grep -q " $grp " "$tmp/out" && { echo "$p lists the uprobe event:"; grep " $grp " "$tmp/out"; fail=1; }
	grep -q " $p  *sched  *sched_process_fork\$" "$tmp/out" || { echo "$p: no sched_process_fork"; fail=1; }
done
taskset -c 0 "$DTRACE" -Zqn "sdt:$grp::, rawtp:$grp::, sdt:sched::sched_process_fork, rawtp:sched::sched_process_fork /pid == \$target/ { @[probeprov] = count(); }" \
    -c "$tmp/sysload 1" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] || { echo "exit status $rc"; cat "$tmp/err"; fail=1; }
printf '\n  rawtp                                                             2\n  sdt                                                               2\n' |
    diff -u - "$tmp/out" || fail=1
exit $fail
