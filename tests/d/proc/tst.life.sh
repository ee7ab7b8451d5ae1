#!/bin/bash
# The proc provider's probes, each in the context the Guide says, with
# its arguments, for one program's own processes and threads
# (progs/proc_life.c): create in the parent; start and lwp-start in the
# new process before it runs; exec (args[0] the path) then exec-success
# in the new image or exec-failure (args[0] the errno); exit once per
# process with its CLD_* reason; lwp-create, lwp-start, lwp-exit for a
# thread; signal-send in the sender; signal-handle in the receiver (a
# default action, or a handler with its siginfo); signal-discard for an
# ignored signal; signal-clear for sigwait().
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$TESTDIR/progs/build.bash"
build_prog proc_life
cat >"$tmp/s.d" <<'SEOF'
#pragma D option quiet

/* who: the traced program, or one of its children */
inline string WHO = pid == $target ? "main" : "child";

proc:::create
/pid == $target/
{
	printf("%s create: child of %s, parent %d\n", WHO, args[0]->pr_fname,
	    args[0]->pr_ppid == $target);
}

proc:::start, proc:::lwp-start, proc:::lwp-exit
/progenyof($target)/
{
	printf("%s %s: main thread %d\n", WHO, probename, tid == pid);
}

proc:::lwp-create
/pid == $target/
{
	printf("%s lwp-create: new thread %d, process %d\n", WHO,
	    args[0]->pr_lwpid != tid, args[1]->pr_pid == pid);
}

proc:::exec
/progenyof($target)/
{
	printf("%s exec %s: %s\n", WHO, execname, args[0]);
}

proc:::exec-success
/progenyof($target)/
{
	printf("%s exec-success: %s\n", WHO, execname);
}

proc:::exec-failure
/progenyof($target)/
{
	printf("%s exec-failure: errno %d\n", WHO, args[0]);
}

proc:::exit
/progenyof($target)/
{
	printf("%s exit: %s\n", WHO, args[0] == CLD_EXITED ? "CLD_EXITED" :
	    args[0] == CLD_KILLED ? "CLD_KILLED" :
	    args[0] == CLD_DUMPED ? "CLD_DUMPED" : "?");
}

proc:::signal-send, proc:::signal-discard
/progenyof($target) && (args[1]->pr_pid == $target || args[1]->pr_ppid == $target)/
{
	printf("%s %s: signal %d to %s, thread %d\n", WHO, probename, args[2],
	    args[1]->pr_pid == $target ? "main" : "child",
	    args[0]->pr_lwpid == args[1]->pr_pid);
}

proc:::signal-handle
/progenyof($target) && args[2] != 0/
{
	printf("%s signal-handle: signal %d, si_signo %d, si_pid %d, handler set\n",
	    WHO, args[0], args[1]->si_signo, args[1]->si_pid == pid);
}

proc:::signal-handle
/progenyof($target) && args[2] == 0/
{
	printf("%s signal-handle: signal %d, default action\n", WHO, args[0]);
}

proc:::signal-clear
/progenyof($target)/
{
	printf("%s signal-clear: signal %d\n", WHO, args[0]);
}
SEOF
taskset -c 0 "$DTRACE" -s "$tmp/s.d" -c "$tmp/proc_life" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] || { echo "exit status $rc"; cat "$tmp/err"; exit 1; }
cat >"$tmp/want" <<'WEOF'
main create: child of proc_life, parent 1
child start: main thread 1
child lwp-start: main thread 1
child exit: CLD_EXITED
child signal-send: signal 17 to main, thread 1
child signal-discard: signal 17 to main, thread 1
main create: child of proc_life, parent 1
child start: main thread 1
child lwp-start: main thread 1
child exec proc_life: /bin/true
child exec-success: true
child exit: CLD_EXITED
child signal-send: signal 17 to main, thread 1
child signal-discard: signal 17 to main, thread 1
main create: child of proc_life, parent 1
child start: main thread 1
child lwp-start: main thread 1
child exec proc_life: /nonexistent/proc_missing
child exec-failure: errno 2
child exit: CLD_EXITED
child signal-send: signal 17 to main, thread 1
child signal-discard: signal 17 to main, thread 1
main lwp-create: new thread 1, process 1
main lwp-start: main thread 0
main lwp-exit: main thread 0
main create: child of proc_life, parent 1
child start: main thread 1
child lwp-start: main thread 1
main signal-send: signal 15 to child, thread 1
child signal-handle: signal 15, default action
child exit: CLD_KILLED
child signal-send: signal 17 to main, thread 1
child signal-discard: signal 17 to main, thread 1
main create: child of proc_life, parent 1
child start: main thread 1
child lwp-start: main thread 1
main signal-send: signal 9 to child, thread 1
child signal-handle: signal 9, default action
child exit: CLD_KILLED
child signal-send: signal 17 to main, thread 1
child signal-discard: signal 17 to main, thread 1
main signal-send: signal 10 to main, thread 1
main signal-handle: signal 10, si_signo 10, si_pid 1, handler set
main signal-send: signal 12 to main, thread 1
main signal-discard: signal 12 to main, thread 1
main signal-send: signal 10 to main, thread 1
main signal-clear: signal 10
main exit: CLD_EXITED

WEOF
diff -u "$tmp/want" "$tmp/out" || exit 1
exit 0
