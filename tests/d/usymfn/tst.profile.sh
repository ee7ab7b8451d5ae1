#!/bin/bash
# profile-997 over a process spinning in its function spin(): ufunc()
# keys merge every PC in spin into one row usymfn`spin, umod() into one
# row usymfn, while uaddr() keeps a row per PC (usymfn`spin+0x...) whose
# counts add up to spin's; usym(arg1) (profile's user PC) merges as
# ufunc does, and printa's %A of that key prints it.
. "$TESTDIR/usymfn/common.bash"
$DTRACE -qn 'profile-997 /pid == $target/ {
	@f[ufunc(uregs[R_PC])] = count(); @m[umod(uregs[R_PC])] = count();
	@a[uaddr(uregs[R_PC])] = count(); @s[usym(arg1)] = count();
} END { printa(@f); printa(@m); printa(@a); printa("%A=%@d\n", @s); }' \
    -c "$tmp/usymfn 0 400" >"$tmp/out" 2>&1 || fail "dtrace failed"
spin=$(sed -n 's/^  usymfn`spin  *\([0-9]*\)$/\1/p' "$tmp/out")
[ "$(printf '%s\n' "$spin" | wc -w)" = 1 ] && [ "$spin" -ge 5 ] || fail "one ufunc row"
[ "$(grep -c '^  usymfn  *[0-9]*$' "$tmp/out")" = 1 ] || fail "one umod row"
rows=$(grep -c '^  usymfn`spin+0x[0-9a-f]*  *[0-9]*$' "$tmp/out")
[ "$rows" -ge 2 ] || fail "uaddr rows"
sum=$(sed -n 's/^  usymfn`spin+0x[0-9a-f]*  *\([0-9]*\)$/\1/p' "$tmp/out" | paste -sd+ | bc)
[ "$sum" = "$spin" ] || fail "uaddr counts $sum, ufunc $spin"
# (arg1 is 0 for a sample taken in the kernel: uregs[R_PC] is still there)
grep -Eqx 'usymfn`spin=[0-9]+' "$tmp/out" || fail "usym(arg1) with %A"
exit 0
