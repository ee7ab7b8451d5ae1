#!/bin/bash
# -x oformat=json puts drops, faults and messages in the output stream as
# objects (nothing on stderr): {"type":"drop","kind","cpu" (per-CPU kinds
# only),"count","message"}, {"type":"error","epid","id","probe","fault",
# "action","pc","addr" (address faults only),"message"}, {"type":
# "message","level":"warning"|"debug","message"}.  Under flowindent every
# record object has "flow" (entry/return/none) and "indent".
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$TESTDIR/progs/build.bash"
build_prog sysload
fail() { echo "FAIL: $*"; cat "$tmp/out" "$tmp/err"; exit 1; }
has() { jq -e -s "$1" "$tmp/out" >/dev/null || fail "$1"; }

# faults: an address (with addr) and a division by zero (no addr)
"$DTRACE" -x oformat=json -qn 'BEGIN { x = *(int *)8; } BEGIN { y = 0; x = 1 / y; }
    BEGIN { exit(0); }' >"$tmp/out" 2>"$tmp/err"
[ -s "$tmp/err" ] && fail "stderr not empty"
has '.[0] | .type == "error" and .epid > 0 and .id == 1 and .probe == "dtrace:::BEGIN" and
    .fault == "invalid address" and .action == 1 and .pc > 0 and .addr == 8 and
    (.message | test("^error on enabled probe ID [0-9]+ \\(ID 1: dtrace:::BEGIN\\): invalid address \\(0x8\\) in action #1 at BPF pc [0-9]+$"))'
has '.[1] | .type == "error" and .fault == "divide-by-zero" and (has("addr") | not) and
    keys_unsorted == ["type","epid","id","probe","fault","action","pc","message"]'
has '.[2] == {"type":"exit","status":0}'

# principal drops (a 1k buffer and a burst) and dynamic variable drops
"$DTRACE" -x oformat=json -b 1k -qn '
    tick-1ms { printf("%s %s %s %s\n", execname, execname, execname, execname); }
    tick-1ms { printf("%s %s %s %s\n", execname, execname, execname, execname); }
    tick-200ms { exit(0); }' >"$tmp/out" 2>"$tmp/err"
[ -s "$tmp/err" ] && fail "stderr not empty"
has 'map(select(.type == "drop" and .kind == "principal" and .cpu >= 0 and .count > 0 and
    .message == "\(.count) drop\(if .count == 1 then "" else "s" end) on CPU \(.cpu)")) | length > 0'
"$DTRACE" -x oformat=json -x dynvarsize=1k -qn 'int i; tick-1ms { a[i++] = i; } tick-100ms { exit(0); }' \
    >"$tmp/out" 2>"$tmp/err"
[ -s "$tmp/err" ] && fail "stderr not empty"
has 'map(select(.type == "drop" and .kind == "dynamic" and (has("cpu") | not) and
    .message == "\(.count) dynamic variable drop\(if .count == 1 then "" else "s" end)")) | length > 0'

# a warning, and DTRACE_DEBUG's messages
DTRACE_DEBUG=1 "$DTRACE" -x oformat=json -x statusrate=20s -qn 'BEGIN { @a = count(); exit(0); }' \
    >"$tmp/out" 2>"$tmp/err"
has '.[0] == {"type":"message","level":"warning","message":"status rate increased to once every 10 seconds"}'
has 'map(select(.type == "message" and .level == "debug" and (.message | startswith("@a: ")))) | length >= 1'

# flowindent
taskset -c 0 "$DTRACE" -x oformat=json -F -n 'syscall::getppid:entry, syscall::getppid:return
    /pid == $target/ { } END { }' -c "$tmp/sysload 1" >"$tmp/out" 2>"$tmp/err" || fail "flowindent run"
has '.[0] | .type == "probe" and .probe == "syscall:vmlinux:getppid:entry" and .flow == "entry" and .indent == 0 and
    keys_unsorted == ["type","cpu","id","probe","flow","indent"]'
has '.[1] | .probe == "syscall:vmlinux:getppid:return" and .flow == "return" and .indent == 0'
has '.[2] | .probe == "dtrace:::END" and .flow == "none" and .indent == 0'
exit 0
