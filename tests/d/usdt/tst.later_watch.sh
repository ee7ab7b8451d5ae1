#!/bin/bash
# The exec watch (the dt_execwatch program on sched_process_exec,
# dt_forkwatch on sched_process_fork and dt_dlwatch on the dynamic
# linker's _dl_debug_state, which
# finds USDT probes in processes started later) is loaded only while a
# glob enabling over any process is: not for a probe named by pid and
# module (one named by pid only gets dt_dlwatch for that process), nor
# for a script without USDT probes.  Checked with bpftool, while dtrace
# traces; and then the watch's ring is in the consumer's epoll set (a
# target with data DT_PROV_EVENT, 0xfffffff1, in its fdinfo), so that an
# exec wakes dtrace at once rather than at its next wake-up.
. "$TESTDIR/usdt/common.bash"
command -v bpftool >/dev/null || { echo "no bpftool"; exit 1; }
build_usdt p -O2
start_waiting "$tmp/p" 0 100
trap 'kill $wpid 2>/dev/null; [ -n "$dpid" ] && kill $dpid 2>/dev/null; wait 2>/dev/null; rm -rf "$tmp"' EXIT
# watches SCRIPT: how many dt_execwatch programs are loaded while dtrace
# runs SCRIPT (after its BEGIN)
watches() {
	rm -f "$tmp/out"
	"$DTRACE" -qn "$1" -n 'BEGIN { printf("ready\n"); }' -o "$tmp/out" 2>"$tmp/err" &
	dpid=$!
	local l= i
	for ((i = 0; i < 600; i++)); do
		[ -f "$tmp/out" ] && read -r l <"$tmp/out" && [ "$l" = ready ] && break
		kill -0 $dpid 2>/dev/null || fail "dtrace exited: $1"
		sleep 0.1
	done
	[ "$l" = ready ] || fail "dtrace did not start: $1"
	timeout -s KILL 20 bpftool prog show >"$tmp/progs"
	echo $(grep -c ' name dt_execwatch ' "$tmp/progs") \
	    $(grep -c ' name dt_forkwatch ' "$tmp/progs") \
	    $(grep -c ' name dt_dlwatch ' "$tmp/progs") \
	    $(cat /proc/$dpid/fdinfo/* 2>/dev/null | grep -c 'data: *fffffff1 ') >"$tmp/n"
	kill -INT $dpid
	wait $dpid || fail "dtrace failed: $1"
	dpid=
	cat "$tmp/n"
}
read -r e f d w <<<"$(watches 'usdtprog*:::work { @ = count(); }')"
[ "$e" -ge 1 ] || fail "no exec watch for a glob"
[ "$f" -ge 1 ] || fail "no fork watch for a glob"
[ "$d" -ge 1 ] || fail "no dynamic linker watch for a glob"
[ "$w" = 1 ] || fail "the watch does not wake the consumer ($w epoll targets)"
# a description naming a process: only its libraries are watched (a
# dlopen may bring the provider: tst.target_dlopen.sh), not when it
# names a module the process maps already
[ "$(watches "usdtprog$wpid:::work { @ = count(); }")" = "0 0 1 1" ] ||
    fail "not the dynamic linker's watch alone for a probe named by pid"
[ "$(watches "usdtprog$wpid:p::work { @ = count(); }")" = "0 0 0 0" ] ||
    fail "a watch for a probe named by pid and module"
[ "$(watches 'syscall::getpid:entry { @ = count(); }')" = "0 0 0 0" ] || fail "a watch without USDT probes"
exit 0
