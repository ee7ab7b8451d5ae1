#!/bin/bash
# -x oformat=json: usym()/umod()/uaddr() values and aggregation keys are
# the symbol's text as JSON strings (keys of type "string"), as sym()'s.
. "$TESTDIR/usymfn/common.bash"
$DTRACE -x oformat=json -o /dev/stdout -qn 'syscall::getpid:entry /pid == $target/ {
	ufunc(uregs[R_PC]); umod(uregs[R_PC]); uaddr(uregs[R_PC]);
	@[usym(uregs[R_PC])] = count(); }' -c "$tmp/usymfn 2" >"$tmp/out" 2>&1 || fail "dtrace failed"
fn=$(sed -n '1s/.*"value":"\(libc\.so\.6`_*getpid\)"}$/\1/p' "$tmp/out")
[ -n "$fn" ] || fail "ufunc value"
v='{"type":"trace","cpu":[0-9]*,"id":[0-9]*,"probe":"syscall:vmlinux:getpid:entry","value":'
[ "$(grep -cx "$v\"$fn\"}" "$tmp/out")" = 2 ] || fail "ufunc values"
[ "$(grep -cx "$v\"libc.so.6\"}" "$tmp/out")" = 2 ] || fail "umod values"
[ "$(grep -cx "$v\"$fn+0x[0-9a-f]*\"}" "$tmp/out")" = 2 ] || fail "uaddr values"
want='{"type":"aggregation","aggregations":[{"name":"","function":"count"}],"keys":[{"name":"key0","type":"string","size":16}],"rows":[{"keys":["'$fn'"],"values":[2]}]}'
grep -qxF "$want" "$tmp/out" || fail "the key"
exit 0
