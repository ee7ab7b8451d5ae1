#!/bin/bash
# -x oformat=json: a ustack() record is {"type":"ustack",...,"pid":N,
# "frames":[...]}, each frame's text as the text output prints it,
# innermost first; a ustack() key has the type "ustack" and its value is
# {"pid":N,"frames":[...]}; the text output is unchanged (the frames
# indented after a newline).
. "$TESTDIR/ustack/common.bash"
build_chain chain
fail() { echo "$1"; cat "$tmp/out"; exit 1; }
P='syscall::getppid:entry /pid == $target/ { ustack(3); @[ustack(2)] = count(); }'
"$DTRACE" -x oformat=json -n "$P" -c "$tmp/chain 2" >"$tmp/out" 2>"$tmp/err" || { cat "$tmp/err"; exit 1; }
pid=$(sed -n 's/.*"pid":\([0-9]*\).*/\1/p' "$tmp/out" | head -1)
[ -n "$pid" ] || fail "no pid"
F='\["chain`c+0x[0-9a-f]*","chain`b+0x[0-9a-f]*"'
[ "$(grep -c "^{\"type\":\"ustack\",\"cpu\":[0-9]*,\"id\":[0-9]*,\"probe\":\"syscall:vmlinux:getppid:entry\",\"pid\":$pid,\"frames\":$F,\"chain\`a+0x[0-9a-f]*\"\]}$" "$tmp/out")" = 2 ] ||
    fail "ustack records"
grep -q "\"keys\":\[{\"name\":\"key0\",\"type\":\"ustack\",\"size\":24}\],\"rows\":\[{\"keys\":\[{\"pid\":$pid,\"frames\":$F\]}\],\"values\":\[2\]}\]}$" "$tmp/out" ||
    fail "ustack key"
# every line is JSON
jq -e . "$tmp/out" >/dev/null ||
    fail "not JSON"
"$DTRACE" -qn "$P" -c "$tmp/chain 1" >"$tmp/out" 2>"$tmp/err" || { cat "$tmp/err"; exit 1; }
[ "$(frames_of chain <"$tmp/out" | tr '\n' ' ')" = "c b a c b " ] || fail "text"
exit 0
