#!/bin/bash
# Output that cannot be written (a full disk: /dev/full) ends tracing:
# dtrace says so once on stderr, detaches and exits 1, whether the
# failure comes from BEGIN's output or from records arriving later.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
want='dtrace: processing aborted: No space left on device'

timeout 20 "$DTRACE" -qn 'BEGIN { printf("hello\n"); exit(0); }' >/dev/full 2>"$tmp/err"
rc=$?
[ $rc = 1 ] || { echo "BEGIN: exit status $rc"; fail=1; }
[ "$(cat "$tmp/err")" = "$want" ] || { echo "BEGIN: stderr:"; cat "$tmp/err"; fail=1; }

# a tracer that never exits by itself: the write error must end it
timeout 20 "$DTRACE" -qn 'tick-20ms { printf("tick %d\n", i++); }' >/dev/full 2>"$tmp/err"
rc=$?
[ $rc = 1 ] || { echo "tick: exit status $rc (124: it did not stop)"; fail=1; }
[ "$(cat "$tmp/err")" = "$want" ] || { echo "tick: stderr:"; cat "$tmp/err"; fail=1; }

# the same with -o
timeout 20 "$DTRACE" -o /dev/full -qn 'tick-20ms { printf("tick\n"); }' 2>"$tmp/err"
rc=$?
[ $rc = 1 ] || { echo "-o: exit status $rc"; fail=1; }
[ "$(cat "$tmp/err")" = "$want" ] || { echo "-o: stderr:"; cat "$tmp/err"; fail=1; }
exit $fail
