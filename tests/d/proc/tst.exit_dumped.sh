#!/bin/bash
# proc:::exit's args[0] is CLD_DUMPED for a process that a signal killed
# with a core dump (a shell that sends itself SIGQUIT with no core size
# limit, in a scratch directory), and CLD_KILLED when the limit stops the
# dump; signal-handle sees the signal (SIGQUIT) in both.  Needs the
# kernel to write core files ("core" in core_pattern): skipped otherwise.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
case $(cat /proc/sys/kernel/core_pattern) in
core*) ;;
*) echo "core_pattern is not a file name: skipped"; exit 0 ;;
esac
cat >"$tmp/s.d" <<'SEOF'
#pragma D option quiet

proc:::signal-handle
/pid == $target/
{
	printf("signal-handle %d\n", args[0]);
}

proc:::exit
/pid == $target/
{
	printf("exit %s\n", args[0] == CLD_EXITED ? "CLD_EXITED" :
	    args[0] == CLD_KILLED ? "CLD_KILLED" :
	    args[0] == CLD_DUMPED ? "CLD_DUMPED" : "?");
}
SEOF
run() {	# the core size limit
	printf 'ulimit -c %s\ncd %s\nkill -QUIT $$\n' "$1" "$tmp" >"$tmp/dump.sh"
	taskset -c 0 "$DTRACE" -s "$tmp/s.d" -c "/bin/sh $tmp/dump.sh" >>"$tmp/out" 2>"$tmp/err"
	rc=$?
	[ $rc = 0 ] || { echo "exit status $rc"; cat "$tmp/err"; exit 1; }
}
run unlimited
run 0
cat >"$tmp/want" <<'WEOF'
signal-handle 3
exit CLD_DUMPED

signal-handle 3
exit CLD_KILLED

WEOF
diff -u "$tmp/want" "$tmp/out" || exit 1
exit 0
