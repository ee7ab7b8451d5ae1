#!/bin/bash
# dtrace -c creates the command and lets it run only once tracing is on:
# the command's own exec (the sched_process_exec tracepoint and the
# task_rename from "dtrace" to "sysload" that exec makes) happens before
# that, so it is not seen; what main() does, including its own prctl
# rename, is.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$TESTDIR/progs/build.bash"
build_prog sysload
cat >"$tmp/s.d" <<'SEOF'
#pragma D option quiet

sdt:sched::sched_process_exec,
sdt:task::task_rename,
syscall::getppid:entry
/pid == $target/
{
	printf("%s:%s:%s:%s\n", probeprov, probemod, probefunc, probename);
}
SEOF
taskset -c 0 "$DTRACE" -s "$tmp/s.d" -c "$tmp/sysload 1" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] || { echo "exit status $rc"; cat "$tmp/err"; exit 1; }
cat >"$tmp/want" <<'WEOF'
syscall:vmlinux:getppid:entry
sdt:task::task_rename

WEOF
diff -u "$tmp/want" "$tmp/out" || exit 1
exit 0
