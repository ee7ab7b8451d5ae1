#!/bin/bash
# Probe context in syscall probes is that of the thread making the call:
# pid, tid, ppid, uid, gid, execname, curthread, cpu and timestamp.  (The
# workload started with -c is a child of dtrace, whose pid BEGIN sees.)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$TESTDIR/progs/build.bash"
build_prog sysload
cat >"$tmp/s.d" <<'SEOF'
#pragma D option quiet

BEGIN
{
	me = curthread;
	dtpid = pid;
}

syscall::lseek:entry
/pid == $target/
{
	printf("pid %d tid %d ppid %d uid %d gid %d\n", pid == $target,
	    tid == $target, ppid == dtpid, uid == $1, gid == $2);
	printf("execname %s\n", execname);
	printf("curthread %d %d\n", curthread != 0, curthread != me);
	printf("cpu %d\n", cpu);
	ts = timestamp;
}

syscall::lseek:return
/pid == $target/
{
	printf("timestamp %d\n", timestamp > ts && ts > 0);
}

/* the forked children (the second runs /bin/true): their own pid, the
   workload as parent */
syscall::exit_group:entry
/ppid == $target/
{
	printf("child %d %d %d %s %d\n", pid != $target, tid == pid,
	    args[0], execname, uid == $1);
}

/* after prctl(PR_SET_NAME) the thread has its new name */
syscall::prctl:return
/pid == $target/
{
	printf("renamed %s\n", execname);
}
SEOF
taskset -c 0 "$DTRACE" -s "$tmp/s.d" -c "$tmp/sysload" "$(id -u)" "$(id -g)" \
    >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] || { echo "exit status $rc"; cat "$tmp/err"; exit 1; }
cat >"$tmp/want" <<'WEOF'
pid 1 tid 1 ppid 1 uid 1 gid 1
execname sysload
curthread 1 1
cpu 0
timestamp 1
child 1 1 3 sysload 1
child 1 1 0 true 1
renamed renamed

WEOF
diff -u "$tmp/want" "$tmp/out" || exit 1
exit 0
