#!/bin/bash
# dtrace killed with SIGKILL while it holds its -c command (for its user
# stacks): the command dies with it (PTRACE_O_EXITKILL), as it would at
# any other end of dtrace, rather than being left stopped or orphaned.
. "$TESTDIR/pctl/common.bash"
build_pctl
"$DTRACE" -qn 'BEGIN { printf("ready\n"); }
    syscall::getppid:entry /pid == $target/ { @[ustack()] = count(); }' \
    -c "$tmp/pctl_prog loop 1000" >"$tmp/out" 2>"$tmp/err" &
dp=$!
for ((i = 0; i < 100; i++)); do
	grep -q ready "$tmp/out" && break
	sleep 0.05
done
tp=$(pgrep -P $dp)
[ -n "$tp" ] || { echo "no command"; cat "$tmp/err"; exit 1; }
kill -KILL $dp
wait $dp
for ((i = 0; i < 100; i++)); do
	[ -d /proc/$tp ] || exit 0
	[ "$(awk '{ print $3 }' /proc/$tp/stat)" = Z ] && exit 0
	sleep 0.05
done
echo "the command outlived dtrace: $(grep State /proc/$tp/status)"
exit 1
