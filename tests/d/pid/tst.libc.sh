#!/bin/bash
# -p on a running process: libc's malloc (entry argument, return value)
# and write (its three arguments), by module name, with the module as a
# prefix of the file's base name (libc) and as a glob (libc.so*); pid$1.
. "$TESTDIR/pid/common.bash"
build_pid p
start_waiting "$tmp/p" 1000 wait
for mod in libc.so.6 libc 'libc.so*'; do
	$DTRACE -qn "
	pid\$target:$mod:malloc:entry /arg0 >= 12345 && arg0 < 13345/ { @m = count(); self->in = 1; }
	pid\$target:$mod:malloc:return /self->in/ { @r[arg1 != 0, probemod] = count(); self->in = 0; }
	pid\$target:$mod:write:entry /arg0 == 1 && arg2 == 4/ { @w[copyinstr(arg1, 3)] = count(); }
	tick-350ms { exit(0); }
	END { printa(\"malloc %@d\n\", @m); printa(\"ret %d %s %@d\n\", @r); printa(\"write %s %@d\n\", @w); }" \
	    -p $wpid >"$tmp/out" 2>"$tmp/err" || { kill $wpid; fail "dtrace failed ($mod)"; }
	m=$(awk '/^malloc/ { print $2 }' "$tmp/out")
	[ "${m:-0}" -ge 2 ] || { kill $wpid; fail "malloc entries ($mod)"; }
	grep -q "^ret 1 libc.so.6 $m\$" "$tmp/out" || { kill $wpid; fail "malloc returns ($mod)"; }
	grep -q "^write pid [0-9]" "$tmp/out" || { kill $wpid; fail "write ($mod)"; }
done
# pid$1: the process named by a macro argument (no -p)
$DTRACE -qn 'pid$1:a.out:pid_add:entry { printf("add %d\n", arg1); exit(0); }' $wpid >"$tmp/out" 2>"$tmp/err" ||
	{ kill $wpid; fail "pid\$1"; }
[ "$(cat "$tmp/out")" = "add 10" ] || { kill $wpid; fail "pid\$1 output"; }
kill $wpid
exit 0
