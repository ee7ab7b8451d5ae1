#!/bin/bash
# -l -s lists, clause by clause and description by description, the probes
# a script would enable, without enabling them; -l -n takes a whole probe
# specifier, several descriptions included.  A description that matches
# nothing is reported ("failed to match") but is not fatal when listing.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
hdr() { printf '%5s %10s %17s %33s %s\n' ID PROVIDER MODULE FUNCTION NAME; }
norm() {	# the ids are checked elsewhere: blank them out
	sed -E 's/^ *[0-9]+ /   NN /' "$@"
}
row() { printf '%5s %10s %17s %33s %s\n' NN "$@"; }
cat >"$tmp/s.d" <<'SEOF'
syscall::getppid:entry
{
	trace(pid);
}

sdt:sched::sched_process_exec,
syscall::lseek:return
/pid == 1/
{
	trace(arg0);
}

BEGIN
{
	exit(0);
}
SEOF
{
	hdr
	row syscall vmlinux getppid entry
	row sdt sched "" sched_process_exec
	row syscall vmlinux lseek return
	row dtrace "" "" BEGIN
} >"$tmp/want"
"$DTRACE" -l -s "$tmp/s.d" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] || { echo "-l -s: exit status $rc"; fail=1; }
[ -s "$tmp/err" ] && { echo "-l -s: stderr: $(cat "$tmp/err")"; fail=1; }
norm "$tmp/out" | diff -u "$tmp/want" - || fail=1

# -l -n with the same descriptions
"$DTRACE" -l -n 'syscall::getppid:entry' -n 'sdt:sched::sched_process_exec, syscall::lseek:return' \
    -n BEGIN >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] || { echo "-l -n: exit status $rc"; fail=1; }
[ -s "$tmp/err" ] && { echo "-l -n: stderr: $(cat "$tmp/err")"; fail=1; }
norm "$tmp/out" | diff -u "$tmp/want" - || fail=1

# a description matching nothing, in a script and in -n
cat >"$tmp/s2.d" <<'SEOF'
syscall::nosuch:entry,
syscall::getppid:return
{
}

sdt:nosuch::
{
}
SEOF
{ hdr; row syscall vmlinux getppid return; } >"$tmp/want"
cat >"$tmp/want.err" <<'WEOF'
dtrace: failed to match syscall::nosuch:entry: No probe matches description
dtrace: failed to match sdt:nosuch::: No probe matches description
WEOF
"$DTRACE" -l -s "$tmp/s2.d" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] || { echo "-l -s nosuch: exit status $rc"; fail=1; }
norm "$tmp/out" | diff -u "$tmp/want" - || fail=1
diff -u "$tmp/want.err" "$tmp/err" || fail=1
"$DTRACE" -l -n 'syscall::nosuch:entry, syscall::getppid:return' -n 'sdt:nosuch::' >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] || { echo "-l -n nosuch: exit status $rc"; fail=1; }
norm "$tmp/out" | diff -u "$tmp/want" - || fail=1
diff -u "$tmp/want.err" "$tmp/err" || fail=1
exit $fail
