#!/bin/bash
# Global arrays indexed at run time in a syscall probe (a raw tracepoint
# program, not BEGIN): 10 getppid() calls counted in a[0..3] by turn, and
# their return values kept in a struct array.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
echo 'getppid() for 1..10;' >"$tmp/g.pl"
out=$("$DTRACE" -qn '
int a[4];
int n;
struct r { int pid; long ret; } rs[10];
syscall::getppid:return /pid == $target/ { rs[n].pid = pid; rs[n].ret = arg0; a[n++ % 4]++; }
END { printf("%d %d %d %d %d %d\n", a[0], a[1], a[2], a[3], n, rs[9].pid == rs[0].pid && rs[9].ret == rs[0].ret && rs[0].ret > 0); }
' -c "perl $tmp/g.pl" 2>&1)
[ "$out" = "3 3 2 2 10 1" ] && exit 0
echo "got: $out"; exit 1
