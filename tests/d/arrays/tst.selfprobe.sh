#!/bin/bash
# A thread-local struct kept across probes of one thread: each getppid()
# entry counts in self->t, each return reads it (three calls: 1 2 3), and
# the variables of a thread that never stored read as 0 (the dtrace
# process's own END clause).
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
echo 'getppid() for 1..3;' >"$tmp/g.pl"
out=$("$DTRACE" -qn '
struct cnt { int n; int hist[4]; };
self struct cnt t;
syscall::getppid:entry /pid == $target/ { self->t.n++; self->t.hist[self->t.n]++; }
syscall::getppid:return /pid == $target/ { printf("%d %d ", self->t.n, self->t.hist[self->t.n]); }
END { printf("%d\n", self->t.n); }
' -c "perl $tmp/g.pl" 2>&1)
[ "$out" = "1 1 2 1 3 1 0" ] && exit 0
echo "got: $out"; exit 1
