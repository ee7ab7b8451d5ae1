#!/bin/bash
# In a multi-threaded process, pid is the process and tid the thread that
# made the system call: a second thread (whose tid gettid returned) and then
# the main thread (tid == pid) call getppid.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$TESTDIR/progs/build.bash"
build_prog threads
cat >"$tmp/s.d" <<'SEOF'
#pragma D option quiet

syscall::gettid:return
/pid == $target/
{
	t = arg0;
	printf("gettid %d %d\n", tid == arg0, tid != pid);
}

syscall::getppid:entry
/pid == $target/
{
	printf("getppid %d %d %s\n", tid == pid, tid == t, execname);
}
SEOF
taskset -c 0 "$DTRACE" -s "$tmp/s.d" -c "$tmp/threads" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] || { echo "exit status $rc"; cat "$tmp/err"; exit 1; }
cat >"$tmp/want" <<'WEOF'
gettid 1 1
getppid 0 1 threads
getppid 1 0 threads

WEOF
diff -u "$tmp/want" "$tmp/out" || exit 1
exit 0
