#!/bin/bash
# dtrace killed (SIGKILL) or interrupted (SIGINT) at random points of its
# start-up and run, six times, leaves nothing behind: none of the BPF
# programs, maps and links it held when the signal came remains, no
# tracefs uprobe or dynamic event names the traced program, the traced
# program (grabbed with -p, one pid probe on one function of its own)
# holds no BPF descriptor, is neither stopped nor dead, and a last
# dtrace still traces it.  SIGINT must end dtrace by itself (a watchdog of 60 s
# fails a hang).  Probes: system calls, a tick and that one pid probe,
# not libc's thousands of functions.
. "$TESTDIR/lifecycle/lifecycle.bash"
tpid=
trap 'cleanup; [ -n "$tpid" ] && kill -KILL $tpid 2>/dev/null' EXIT
fail() { echo "$1"; cat "$tmp/err" 2>/dev/null; exit 1; }

cat >"$tmp/target.c" <<'C'
#include <unistd.h>
__attribute__((noinline)) int fault_work(int i) { return getppid() + i; }
int main(void)
{
	alarm(300);	/* never outlives a test gone wrong by much */
	for (int i = 0;; i++) {
		fault_work(i);
		usleep(1000);
	}
}
C
cc -O1 -o "$tmp/target" "$tmp/target.c" || fail "cannot build the target"
"$tmp/target" &
tpid=$!

# snap_own: the ids of the BPF objects dtrace holds now (none yet is
# fine), in one awk (a machine that starts executables slowly must not
# make this test long)
snap_own() {
	: >"$tmp/own_progs"; : >"$tmp/own_maps"; : >"$tmp/own_links"
	awk '$1 == "prog_id:" && !p[$2]++ { print $2 >> "'"$tmp/own_progs"'" }
	     $1 == "map_id:" && !m[$2]++ { print $2 >> "'"$tmp/own_maps"'" }
	     $1 == "link_id:" && !l[$2]++ { print $2 >> "'"$tmp/own_links"'" }' /proc/$dpid/fdinfo/* 2>/dev/null
	mapfile -t held <"$tmp/own_progs"
}

# target_running: the target is alive and not stopped (it may take a
# moment for the kernel to let it go after its tracer died)
target_running() {
	local i state=
	for ((i = 0; i < 100; i++)); do
		kill -0 $tpid 2>/dev/null || { echo "the target died"; return 1; }
		read -r _ _ state _ </proc/$tpid/stat
		[ "$state" != T ] && [ "$state" != t ] && return 0
		pause 0.1
	done
	echo "the target stays stopped (state $state)"
	return 1
}

prog='syscall::getppid:entry, syscall::openat:return { n++; }
    tick-10ms { n++; }
    pid$target:a.out:fault_work:entry { n++; }'
seen=0
for ((k = 0; k < 6; k++)); do
	if ((k % 2)); then sig=INT; else sig=KILL; fi
	# the first two in the start-up's first 60 ms (options, the grab,
	# loading), the others anywhere in 1.5 s
	if ((k < 2)); then ms=$((RANDOM % 60)); else ms=$((RANDOM % 1500)); fi
	# SIGINT as at a terminal (a background job of a script starts
	# with it ignored, and dtrace takes it only once it traces): before
	# that it kills dtrace (130), after that it ends tracing (0)
	env --default-signal=INT "$DTRACE" -q -p $tpid -n "$prog" >"$tmp/out" 2>"$tmp/err" &
	dpid=$!
	pause "$((ms / 1000)).$(printf '%03d' $((ms % 1000)))"
	snap_own
	((${#held[@]})) && seen=$((seen + 1))
	kill -$sig $dpid 2>/dev/null
	wait_gone $dpid 60 || fail "#$k: dtrace did not end on SIG$sig after $ms ms"
	dpid=
	echo "#$k: SIG$sig after $ms ms: exit status $rc, ${#held[@]} programs held"
	case $sig:$rc in
	KILL:137 | INT:0 | INT:130) ;;
	*) fail "#$k: exit status $rc on SIG$sig" ;;
	esac
	check_freed
	! grep -sqF "$tmp/" /sys/kernel/tracing/uprobe_events /sys/kernel/tracing/dynamic_events ||
		fail "#$k: a tracefs event names the target: $(grep -hF "$tmp/" /sys/kernel/tracing/*_events)"
	bpf=$(awk '$1 ~ /^(prog|map|link)_id:$/ { print FILENAME, $0 }' /proc/$tpid/fdinfo/*)
	[ -z "$bpf" ] || fail "#$k: the target holds BPF descriptors: $bpf"
	target_running || fail "#$k: after SIG$sig"
done
echo "$seen of 6 signals came when dtrace held BPF programs"

# it still traces the target
timeout -s KILL 60 "$DTRACE" -q -p $tpid -n 'pid$target:a.out:fault_work:entry { printf("ok\n"); exit(0); }' \
    >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] && grep -qx ok "$tmp/out" || fail "the last dtrace: exit status $rc"
exit 0
