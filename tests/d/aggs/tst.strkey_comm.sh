#!/bin/bash
# execname is at most 15 characters (the task's comm), so an aggregation
# keys it in 16 bytes: a program named with 26 letters shows as its first
# 15, followed unharmed by the next key, and sorted and printed as with
# every string in strsize bytes (the default print's "  %-50s" column too).
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cp /bin/sleep "$tmp/abcdefghijklmnopqrstuvwxyz"
out=$("$DTRACE" -qn '
syscall::exit_group:entry /pid == $target/
{
	@a[execname, "after"] = count();
	@a["x", "y"] = count();
	@a["x", "y"] = count();
	@n[execname] = sum(5);
}
END {
	printa("%s|%s|%@d\n", @a);
	printa(@n);
}' -c "$tmp/abcdefghijklmnopqrstuvwxyz 0.1" 2>&1)
want=$(printf 'abcdefghijklmno|after|1\nx|y|2\n\n  %-50s %16d' abcdefghijklmno 5)
[ "$out" = "$want" ] && exit 0
echo "expected:"; printf '%s\n' "$want" | cat -A; echo "got:"; printf '%s\n' "$out" | cat -A
exit 1
