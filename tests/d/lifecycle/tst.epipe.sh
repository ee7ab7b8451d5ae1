#!/bin/bash
# A reader that goes away (dtrace ... | head -1) ends tracing by itself:
# SIGPIPE is ignored, the write fails with EPIPE, and dtrace reports it as
# any output error, "dtrace: processing aborted: Broken pipe", exit
# status 1 (dtrace(1M): a fatal error), however slowly anything runs: a
# traced system call writes more output (dtrace's own calls are traced
# too), so the failing write always comes.  Drop reports may come first
# on a loaded machine.  Then the same with the reader a FIFO this test
# holds, to see dtrace's BPF programs, maps and links while it waits and
# check that none remains after it ended.  Watchdogs (60 s) make a hang
# fail instead of blocking.
. "$TESTDIR/lifecycle/lifecycle.bash"
. "$TESTDIR/lifecycle/output.bash"
fail=0
want='dtrace: processing aborted: Broken pipe'
prog='syscall:::entry { printf("%d %s %d\n", pid, execname, timestamp); }'

timeout -s KILL 60 "$DTRACE" -qn "$prog" 2>"$tmp/err" | head -n 1 >"$tmp/out"
rc=${PIPESTATUS[0]}
[ $rc = 1 ] || { echo "head: exit status $rc (137: it never stopped)"; fail=1; }
grep -Eqx '[0-9]+ .+ [0-9]+' "$tmp/out" || { echo "head read: $(cat "$tmp/out")"; fail=1; }
expect_abort "$tmp/err" "$want" || fail=1

mkfifo "$tmp/fifo"
"$DTRACE" -qn "$prog" -n 'syscall::getppid:entry, tick-1s { n++; }' >"$tmp/fifo" 2>"$tmp/err" &
dpid=$!
exec 3<"$tmp/fifo"
line=
read -r -t 60 -u 3 line
[[ $line =~ ^[0-9]+\ .+\ [0-9]+$ ]] || { echo "fifo read: $line"; cat "$tmp/err"; exit 1; }
find_own	# dtrace waits to write (the FIFO is full) or traces on
exec 3<&-
wait_gone $dpid 60 || { echo "dtrace did not end when its reader did"; exit 1; }
dpid=
[ $rc = 1 ] || { echo "fifo: exit status $rc"; fail=1; }
expect_abort "$tmp/err" "$want" || fail=1
check_freed
exit $fail
