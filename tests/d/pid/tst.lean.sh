#!/bin/bash
# The per-call cost of pid$target::...:entry { @ = count(); }: the program
# two probes share (the kernel's view, bpftool prog dump xlated) calls no
# bpf_get_attach_cookie and looks nothing up in dt_scratch (a lean
# program: the keyless aggregation is a PERCPU_ARRAY, no key is built in
# the frame); @[tid] = count() needs the frame but not the cookie;
# @[probefunc] = count() reads the cookie (the check sees a call when
# there is one).  dtrace is stopped by SIGINT once looked at: the counts
# are checked against each other (a round calls pid_add, pid_sign twice).
. "$TESTDIR/pid/common.bash"
command -v bpftool >/dev/null || fail "bpftool not installed (scripts/setup.sh installs it)"
build_pid p
start_waiting "$tmp/p" 100000 wait
d=
trap 'kill $wpid 2>/dev/null; [ -n "$d" ] && kill -9 $d 2>/dev/null; rm -rf "$tmp"' EXIT
# check CLAUSE WANT: WANT is "cookie scratch" as yes/no each
check() {
	"$DTRACE" -qn "BEGIN { printf(\"ready\\n\"); }
	    pid\$target:a.out:pid_add:entry, pid\$target:a.out:pid_sign:entry { $1 }" -p $wpid \
	    >"$tmp/out" 2>"$tmp/err" &
	d=$!
	for ((i = 0; i < 600; i++)); do
		grep -q ready "$tmp/out" && break
		kill -0 $d 2>/dev/null || fail "dtrace exited: $1"
		sleep 0.05
	done
	grep -q ready "$tmp/out" || fail "dtrace not ready: $1"
	local progs maps scratch= cookie=no usesscratch=no id
	progs=$(awk '/^prog_id:/ { print $2 }' /proc/$d/fdinfo/* 2>/dev/null | sort -u)
	maps=$(awk '/^map_id:/ { print $2 }' /proc/$d/fdinfo/* 2>/dev/null | sort -u)
	for id in $maps; do
		bpftool map show id $id 2>/dev/null | grep -q ' name dt_scratch ' && scratch=$id
		if bpftool map show id $id 2>/dev/null | grep -q ' name dt_agg_0 '; then
			bpftool map show id $id | grep -q percpu_array && aggarray=yes || aggarray=no
		fi
	done
	[ -n "$scratch" ] || fail "no dt_scratch map: $1"
	# the probes' program: the one whose code calls bpf_get_current_task_btf
	# (the exec check); BEGIN and END's do not
	local found=
	for id in $progs; do
		bpftool prog dump xlated id $id >"$tmp/x" 2>/dev/null || continue
		grep -q get_current_task_btf "$tmp/x" || continue
		found=$id
		grep -q 'bpf_get_attach_cookie' "$tmp/x" && cookie=yes
		bpftool prog show id $id | grep -Eq "map_ids .*\b$scratch\b" && usesscratch=yes
	done
	[ -n "$found" ] || fail "no probe program found: $1"
	sleep 0.3	# a few rounds, whatever the load
	kill -INT $d
	wait $d || fail "dtrace failed: $1"
	d=
	got="$cookie $usesscratch"
	[ "$got" = "$2" ] || { bpftool prog dump xlated id $found 2>/dev/null | head -40; fail "$1: cookie, scratch: $got, not $2"; }
}
check '@ = count();' "no no"
[ "$aggarray" = yes ] || fail "@ is not a per-CPU array"
awk 'NF == 1 && $1 ~ /^[0-9]+$/ && $1 > 0 { ok = 1 } END { exit !ok }' "$tmp/out" ||
	fail "@ = count(): $(cat "$tmp/out")"
check '@[tid] = count();' "no yes"
[ "$aggarray" = no ] || fail "@[tid] is a per-CPU array"
[ "$(awk 'NF == 2 && $1 == '$wpid' && $2 > 0 { print "ok" }' "$tmp/out")" = ok ] ||
	fail "@[tid]: $(cat "$tmp/out")"
check '@[probefunc] = count();' "yes yes"
awk 'NF == 2 { c[$1] = $2 } END { d = c["pid_sign"] - 2 * c["pid_add"];
    exit !(c["pid_add"] > 0 && d >= -2 && d <= 2) }' "$tmp/out" ||
	fail "@[probefunc]: $(cat "$tmp/out")"
exit 0
