#!/bin/bash
# Probe descriptions with globs (* ? [...]) and omitted fields match the
# syscall probes they name, and probeprov/probemod/probefunc/probename
# identify the probe that fired.  (Only write returns 7 in the workload.)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$TESTDIR/progs/build.bash"
build_prog sysload
cat >"$tmp/s.d" <<'SEOF'
#pragma D option quiet

syscall::*stat*:entry
/pid == $target/
{
	printf("1 %s:%s:%s:%s\n", probeprov, probemod, probefunc, probename);
}

syscall::getpp?d:return,
syscall::get[p]pid:entry
/pid == $target/
{
	printf("2 %s:%s:%s:%s\n", probeprov, probemod, probefunc, probename);
}

syscall:vmlinux:l*:entry,
::dup[0-9]:entry
/pid == $target/
{
	printf("3 %s:%s:%s:%s\n", probeprov, probemod, probefunc, probename);
}

sys*:*:lseek:*
/pid == $target/
{
	printf("4 %s:%s:%s:%s\n", probeprov, probemod, probefunc, probename);
}

:::return
/pid == $target && arg0 == 7/
{
	printf("5 %s:%s:%s:%s\n", probeprov, probemod, probefunc, probename);
}
SEOF
taskset -c 0 "$DTRACE" -s "$tmp/s.d" -c "$tmp/sysload 1" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] || { echo "exit status $rc"; cat "$tmp/err"; exit 1; }
cat >"$tmp/want" <<'WEOF'
2 syscall:vmlinux:getppid:entry
2 syscall:vmlinux:getppid:return
3 syscall:vmlinux:dup2:entry
5 syscall:vmlinux:write:return
3 syscall:vmlinux:dup2:entry
3 syscall:vmlinux:lseek:entry
4 syscall:vmlinux:lseek:entry
4 syscall:vmlinux:lseek:return
1 syscall:vmlinux:newfstatat:entry
1 syscall:vmlinux:statx:entry

WEOF
diff -u "$tmp/want" "$tmp/out" || exit 1
exit 0
