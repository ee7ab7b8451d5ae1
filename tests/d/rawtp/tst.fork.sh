#!/bin/bash
# rawtp:sched::sched_process_fork's arguments are the tracepoint's own,
# struct task_struct *parent and *child, dereferenced through BTF:
# args[1]->comm is the child's name (its parent's at fork), args[1]->pid
# the pid wait4() returns for it; arg0 and arg1 are the same pointers as
# raw 64-bit values.  The workload forks two children.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$TESTDIR/progs/build.bash"
build_prog sysload
cat >"$tmp/s.d" <<'SEOF'
#pragma D option quiet

rawtp:sched::sched_process_fork
/args[0]->tgid == $target/
{
	child[args[1]->pid] = 1;
	printf("fork %s parent %s %d tgid %d raw %d %d current %d\n",
	    args[1]->comm, args[0]->comm, args[0]->pid == pid,
	    args[1]->tgid == args[1]->pid, arg0 == (uint64_t)args[0],
	    arg1 == (uint64_t)args[1], arg0 == (uint64_t)curthread);
}

syscall::wait4:return
/pid == $target && arg1 > 0/
{
	printf("waited for a forked child: %d\n", child[arg1]);
}
SEOF
taskset -c 0 "$DTRACE" -s "$tmp/s.d" -c "$tmp/sysload 1" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] || { echo "exit status $rc"; cat "$tmp/err"; exit 1; }
cat >"$tmp/want" <<'WEOF'
fork sysload parent sysload 1 tgid 1 raw 1 1 current 1
waited for a forked child: 1
fork sysload parent sysload 1 tgid 1 raw 1 1 current 1
waited for a forked child: 1

WEOF
diff -u "$tmp/want" "$tmp/out" || exit 1
exit 0
