#!/bin/bash
# One program shared by rawtp probes of three groups tells them apart at
# run time: the default output's ID and FUNCTION:NAME columns, id,
# probeprov, probemod, probefunc, probename and epid (consecutive EPIDs
# in probe order) are those of the probe that fired, the same as with a
# program per probe; printa() keys made of the names count each probe's
# own firings; -F prints the same; and sdt's argument-less probes (raw
# tracepoint programs) as rawtp's.  The workload (sysload 1) forks two
# children, signals itself, renames itself and exits.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$TESTDIR/shared/common.bash"

cat >"$tmp/names.d" <<SEOF
$PROBES
/pid == \$target/
{
	printf("%s:%s:%s:%s %d %d\n", probeprov, probemod, probefunc, probename,
	    epid, id);
}
SEOF
run_both names
# the ID column and id are the probe's, as dtrace -l lists it
"$DTRACE" -l -n "$PROBES" | awk 'NR > 1 { print $1, $2 ":" $3 "::" $NF }' | sort >"$tmp/ids"
awk 'NF == 6 { print $2, $4 }' "$tmp/names.out" | sort -u >"$tmp/col"
awk 'NF == 6 { print $6, $4 }' "$tmp/names.out" | sort -u >"$tmp/idv"
[ "$(wc -l <"$tmp/col")" = 7 ] || { echo "not 7 probes:"; cat "$tmp/names.out"; exit 1; }
join -j 1 <(sort "$tmp/col") "$tmp/ids" | awk '$2 != $3 { bad = 1 } END { exit bad }' ||
    { echo "ID column is not the probe's:"; cat "$tmp/col" "$tmp/ids"; exit 1; }
diff -u "$tmp/col" "$tmp/idv" || { echo "id is not the ID column"; exit 1; }
cat >"$tmp/want" <<'WEOF'
CPU     ID                    FUNCTION:NAME
0 :signal_generate rawtp:signal::signal_generate 6
0 :signal_deliver rawtp:signal::signal_deliver 5
0 :task_newtask rawtp:task::task_newtask 7
0 :sched_process_fork rawtp:sched::sched_process_fork 3
0 :sched_process_wait rawtp:sched::sched_process_wait 4
0 :task_newtask rawtp:task::task_newtask 7
0 :sched_process_fork rawtp:sched::sched_process_fork 3
0 :sched_process_wait rawtp:sched::sched_process_wait 4
0 :task_rename rawtp:task::task_rename 8
0 :sched_process_exit rawtp:sched::sched_process_exit 2
0 :signal_generate rawtp:signal::signal_generate 6
WEOF
awk 'NR == 1 { print; next } NF { $2 = ""; $NF = ""; print }' "$tmp/names.out" |
    sed -E '2,$ { s/ +/ /g; s/ $// }' |
    diff -u "$tmp/want" - || exit 1

# printa() with each probe's names as keys, and -F
cat >"$tmp/keys.d" <<SEOF
#pragma D option quiet
$PROBES
/pid == \$target/
{
	@[probeprov, probemod, probefunc, probename] = count();
}

END
{
	printa("%s:%s:%s:%s %@d\n", @);
}
SEOF
run_both keys
cat >"$tmp/want" <<'WEOF'
rawtp:sched::sched_process_exit 1
rawtp:signal::signal_deliver 1
rawtp:task::task_rename 1
rawtp:sched::sched_process_fork 2
rawtp:sched::sched_process_wait 2
rawtp:signal::signal_generate 2
rawtp:task::task_newtask 2

WEOF
diff -u "$tmp/want" "$tmp/keys.out" || exit 1
cat >"$tmp/flow.d" <<SEOF
$PROBES
/pid == \$target/
{
}
SEOF
# sdt's probes that read no argument share programs the same way
sed 's/rawtp:/sdt:/g' "$tmp/names.d" >"$tmp/sdt.d"
run_both sdt
awk 'NF == 6 { print $4, $5 }' "$tmp/names.out" | sed 's/^rawtp:/sdt:/' | diff -u - \
    <(awk 'NF == 6 { print $4, $5 }' "$tmp/sdt.out") || exit 1
run_both flow -F
cat >"$tmp/want" <<'WEOF'
CPU FUNCTION                                 
  0 | :signal_generate                        
  0 | :signal_deliver                         
  0 | :task_newtask                           
  0 | :sched_process_fork                     
  0 | :sched_process_wait                     
  0 | :task_newtask                           
  0 | :sched_process_fork                     
  0 | :sched_process_wait                     
  0 | :task_rename                            
  0 | :sched_process_exit                     
  0 | :signal_generate                        

WEOF
diff -u "$tmp/want" "$tmp/flow.out" || exit 1
exit 0
