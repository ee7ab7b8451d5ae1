#!/bin/bash
# Every function of every object of a -c process (the executable, libc,
# the dynamic linker), entry and return, and every instruction of each
# object: the program runs as it does untraced (its output, its normal
# exit), every object's probes fire.  (A uretprobe on a function entered
# by a jump, as ld.so's _dl_runtime_resolve is from a PLT, made it
# crash: return probes sit on ret instructions only; so did a uprobe on
# libc's syscall instructions, which the kernel takes: left out.)  The
# program runs on private copies of libc and ld.so: with the system's,
# each of libc's uprobes visited every process on the machine, arming
# took minutes, and the runner's SIGKILL inside BPF_LINK_CREATE made the
# kernel leak them all on the system's libc (every exec slowed to ~1 s).
. "$TESTDIR/pid/common.bash"
private_libs
build_pid p $private_ld
for d in 'pid$target:::entry' 'pid$target:::return' 'pid$target:a.out::' \
    'pid$target:libc.so.6::' 'pid$target:ld-linux-x86-64.so.2::'; do
	"$DTRACE" -n "$d { @[probemod] = count(); }" -c "$tmp/p 3" >"$tmp/out" 2>"$tmp/err" ||
		fail "dtrace failed: $d"
	[ "$(grep -c '^pid$' "$tmp/out")" = 3 ] || fail "the program's output: $d"
	grep -q 'has exited' "$tmp/err" || fail "exit: $d"
	! grep -q 'terminated by' "$tmp/err" || fail "killed: $d"
	for m in a.out libc.so.6 ld-linux-x86-64.so.2; do
		case $d in *:::*) ;; *) [[ $d == *:$m::* ]] || continue ;; esac
		grep -q "^  $m  *[1-9]" "$tmp/out" || fail "no $m firing: $d"
	done
done
exit 0
