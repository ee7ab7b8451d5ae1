# Sourced by the shared-program tests: run_both NAME [DTRACE ARGS...] runs
# dtrace with the script $tmp/NAME.d and the sysload workload as $target,
# once with programs shared by the probes (the default) and once with one
# program per probe (DTRACE_NOSHARE=1), on CPU 0, and fails unless both
# print the same (stdout, and stderr but for the workload's pid and BPF
# pcs: a shared program's differ).  Leaves stdout in $tmp/NAME.out, stderr
# in $tmp/NAME.err and the exit status in $tmp/NAME.rc.
. "$TESTDIR/progs/build.bash"
[ -x "$tmp/sysload" ] || build_prog sysload
run_both() {
	local name=$1; shift
	local mode
	for mode in 0 1; do
		DTRACE_NOSHARE=$mode taskset -c 0 "$DTRACE" "$@" -s "$tmp/$name.d" \
		    -c "$tmp/sysload 1" >"$tmp/$name.out$mode" 2>"$tmp/$name.err$mode"
		echo $? >"$tmp/$name.rc$mode"
		sed -i -E 's/pid [0-9]+ has exited/pid N has exited/; s/at BPF pc [0-9]+/at BPF pc N/' \
		    "$tmp/$name.err$mode"
	done
	for f in out err rc; do
		if ! diff -u "$tmp/$name.${f}1" "$tmp/$name.${f}0"; then
			echo "$name: shared and unshared programs' $f differ (- unshared, + shared)"
			exit 1
		fi
		mv "$tmp/$name.${f}0" "$tmp/$name.$f"
	done
}
# the probes the tests enable: rawtp probes of three groups that fire in
# sysload's own process (its fork()s, kill() of itself, prctl() rename
# and exit), one clause list, so one shared program
PROBES='rawtp:task::task_newtask, rawtp:task::task_rename,
rawtp:signal::signal_generate, rawtp:signal::signal_deliver,
rawtp:sched::sched_process_fork, rawtp:sched::sched_process_wait,
rawtp:sched::sched_process_exit'
