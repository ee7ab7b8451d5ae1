#!/bin/bash
# The user PC of a system call made through libc (uregs[R_PC], in its
# getpid wrapper): ufunc()/usym() print libc.so.6`<function>, umod()
# libc.so.6, uaddr() and printf's %A (of $target) libc.so.6`<function>+0x<off>;
# as aggregation keys the three calls make one row each.  The rows are
# printed after the process exited (dtrace -c holds it at its exit).
. "$TESTDIR/usymfn/common.bash"
$DTRACE -qn 'syscall::getpid:entry /pid == $target/ {
	ufunc(uregs[R_PC]); usym(uregs[R_PC]); umod(uregs[R_PC]); uaddr(uregs[R_PC]);
	printf("\n%A\n", uregs[R_PC]);
	@f[ufunc(uregs[R_PC])] = count(); @m[umod(uregs[R_PC])] = count();
	@a[uaddr(uregs[R_PC])] = count();
}' -c "$tmp/usymfn 3" >"$tmp/out" 2>&1 || fail "dtrace failed"
addr=$(sed -n 2p "$tmp/out")
printf '%s\n' "$addr" | grep -Eqx 'libc\.so\.6`_*getpid\+0x[0-9a-f]+' || fail "%A"
fn=${addr%+*}
line1=$(printf '  %-50s  %-50s  %-50s  %-50s' "$fn" "$fn" libc.so.6 "$addr")
[ "$(sed -n 1p "$tmp/out")" = "$line1" ] || fail "values (want '$line1')"
[ "$(grep -cxF "$line1" "$tmp/out")" = 3 ] || fail "three records"
[ "$(grep -cxF "$addr" "$tmp/out")" = 3 ] || fail "three %A"
for k in "$fn" libc.so.6 "$addr"; do
	[ "$(grep -cx "  $(printf '%-50s' "$k") *3" "$tmp/out")" = 1 ] || fail "key $k"
done
[ "$(grep -c '^  [^ ].* [0-9][0-9]*$' "$tmp/out")" = 3 ] || fail "one row a key"
exit 0
