#!/bin/bash
# sdt probe arguments are the tracepoint's fields: integers (int, pid_t,
# short) both as argN and as typed args[N], char[16] and __data_loc char[]
# fields as strings.  The workload sends itself SIGUSR2 (caught), forks two
# children and renames itself "renamed" with prctl.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$TESTDIR/progs/build.bash"
build_prog sysload
cat >"$tmp/s.d" <<'SEOF'
#pragma D option quiet

syscall::getppid:entry
/pid == $target/
{
	started = 1;
}

/* sig, errno, code, comm[16], pid, group, result */
sdt:signal::signal_generate
/args[4] == $target && args[0] == 12/
{
	printf("generate %d %d %d [%s] %d %d %d | %d %d\n", args[0], args[1],
	    args[2], args[3], args[4] == $target, args[5], args[6],
	    pid == $target, sizeof (args[4]));
	printf("generate %d %d %d %d %d %d\n", arg0, arg1, arg2,
	    arg4 == $target, arg5, arg6);
}

/* sig, errno, code, sa_handler, sa_flags */
sdt:signal::signal_deliver
/pid == $target && args[0] == 12/
{
	printf("deliver %d %d %d %d | %s\n", args[0], args[1], args[2],
	    args[3] != 0, execname);
}

/* parent_comm, parent_pid, child_comm, child_pid (all in the parent) */
sdt:sched::sched_process_fork
/args[1] == $target/
{
	printf("fork [%s] %d [%s] %d %d | %d\n", args[0], args[1] == pid,
	    args[2], args[3] != pid, args[3] > 0, arg1 == $target);
}

/* pid, oldcomm[16], newcomm[16], oom_score_adj (a short) */
sdt:task::task_rename
/pid == $target && started/
{
	printf("rename %d [%s] [%s] %d %d | %s\n", args[0] == pid, args[1],
	    args[2], args[3] == $1, sizeof (args[3]), execname);
}
SEOF
taskset -c 0 "$DTRACE" -s "$tmp/s.d" -c "$tmp/sysload 1" "$(cat /proc/self/oom_score_adj)" \
    >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] || { echo "exit status $rc"; cat "$tmp/err"; exit 1; }
cat >"$tmp/want" <<'WEOF'
generate 12 0 0 [sysload] 1 1 0 | 1 4
generate 12 0 0 1 1 0
deliver 12 0 0 1 | sysload
fork [sysload] 1 [sysload] 1 1 | 1
fork [sysload] 1 [sysload] 1 1 | 1
rename 1 [sysload] [renamed] 1 2 | sysload

WEOF
diff -u "$tmp/want" "$tmp/out" || exit 1
exit 0
