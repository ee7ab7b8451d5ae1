#!/bin/bash
# sdt:sched::sched_process_exec: args[0] is the filename string (a
# __data_loc char[] field), args[1] and args[2] the pid and old pid; the
# probe fires in the new program (execname true) and the sdt probe's
# identity is sdt:sched::sched_process_exec.  The workload forks a child
# that executes /bin/true.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$TESTDIR/progs/build.bash"
build_prog sysload
cat >"$tmp/s.d" <<'SEOF'
#pragma D option quiet

sdt:sched::sched_process_exec
/ppid == $target/
{
	printf("[%s] [%s] [%s] [%s]\n", probeprov, probemod, probefunc,
	    probename);
	printf("%s %d %d %s\n", args[0], args[1] == pid, args[2] == pid,
	    execname);
	printf("%d %d %d\n", arg1 == pid, arg2 == pid, tid == pid);
	trace(args[0]);
	printf("\n");
}
SEOF
taskset -c 0 "$DTRACE" -s "$tmp/s.d" -c "$tmp/sysload 1" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] || { echo "exit status $rc"; cat "$tmp/err"; exit 1; }
cat >"$tmp/want" <<'WEOF'
[sdt] [sched] [] [sched_process_exec]
/bin/true 1 1 true
1 1 1
/bin/true

WEOF
diff -u "$tmp/want" "$tmp/out" || exit 1
exit 0
