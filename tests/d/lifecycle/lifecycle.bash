# Sourced by the lifecycle tests: start a dtrace enabling syscall, sdt,
# profile and dtrace probes, find the BPF programs and maps that are its own,
# end it some way, and check that they are all freed.
#
# A program is dtrace's own if one of its file descriptors refers to it
# (bpf-prog and bpf_link fds show a prog_id in /proc/PID/fdinfo), or if it
# is a dt_* program that did not exist before this test started and that
# uses one of dtrace's maps.  Other dtrace processes (and their dt_*
# programs) may come and go meanwhile: they are left alone.

tmp=$(mktemp -d)
dpid=
cleanup() {
	[ -n "$dpid" ] && kill -KILL "$dpid" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT

command -v bpftool >/dev/null || { echo "bpftool is needed"; exit 1; }

# "ID NAME MAPID,MAPID..." for every loaded BPF program
progs() {
	bpftool prog show | awk '
		/^[0-9]+: / {
			if (id != "") print id, name, maps
			id = $1; sub(":", "", id); name = "-"; maps = "-"
			for (i = 2; i < NF; i++) if ($i == "name") name = $(i + 1)
		}
		{ for (i = 1; i < NF; i++) if ($i == "map_ids") maps = $(i + 1) }
		END { if (id != "") print id, name, maps }'
}

progs >"$tmp/before"

# start_dtrace [extra dtrace args]: run dtrace in the background and wait
# until its BEGIN clause has run.  Every entry probe is enabled, so the
# entries go through the raw dispatcher (dt_sc_enter), while the few
# return probes have tracepoints of their own: both kinds are checked.
start_dtrace() {
	"$DTRACE" -q -n 'BEGIN { printf("ready\n"); }' \
	    -n 'syscall::getppid:entry, syscall::getppid:return { n++; }' \
	    -n 'syscall::openat:return /errno == 2/ { n++; }' \
	    -n 'syscall:::entry /n < 0/ { n++; }' \
	    -n 'sdt:sched::sched_process_exec, sdt:signal::signal_generate { n++; }' \
	    -n 'profile-97 /n < 0/ { n++; }' "$@" >"$tmp/out" 2>"$tmp/err" &
	dpid=$!
	local i
	for i in $(seq 1 100); do
		grep -q ready "$tmp/out" && break
		kill -0 "$dpid" 2>/dev/null || break
		sleep 0.05
	done
	grep -q ready "$tmp/out" || { echo "dtrace did not start:"; cat "$tmp/err"; exit 1; }
}

# find_own: $tmp/own_progs and $tmp/own_maps list the programs and maps of
# the running dtrace.
find_own() {
	# one awk over every fdinfo file (an exec per fd took seconds when
	# executables start slowly, and dtrace was gone before the last)
	: >"$tmp/own_progs"; : >"$tmp/own_maps"; : >"$tmp/own_links"
	awk '$1 == "prog_id:" { print $2 >> "'"$tmp/own_progs"'" }
	     $1 == "map_id:" { print $2 >> "'"$tmp/own_maps"'" }
	     $1 == "link_id:" { print $2 >> "'"$tmp/own_links"'" }' /proc/$dpid/fdinfo/* 2>/dev/null
	progs >"$tmp/during"
	# dt_* programs new since the test started that use one of our maps
	awk -v maps="$(sort -u "$tmp/own_maps" | tr '\n' ' ')" '
		NR == FNR { old[$1] = 1; next }
		!($1 in old) && $2 ~ /^dt_/ {
			n = split($3, m, ","); split(maps, mine, " ")
			for (i = 1; i <= n; i++) for (j in mine) if (m[i] == mine[j]) { print $1; next }
		}' "$tmp/before" "$tmp/during" >>"$tmp/own_progs"
	sort -u -o "$tmp/own_progs" "$tmp/own_progs"
	sort -u -o "$tmp/own_maps" "$tmp/own_maps"
	sort -u -o "$tmp/own_links" "$tmp/own_links"
	# sanity: they are there, named as dtrace names them
	[ -s "$tmp/own_progs" ] || { echo "no BPF programs found for dtrace $dpid"; exit 1; }
	local names
	names=$(awk 'NR == FNR { own[$1] = 1; next } ($1 in own) { print $2 }' "$tmp/own_progs" "$tmp/during")
	echo "$names" | grep -q '^dt_sc_enter$' || { echo "no dt_sc_enter among: $names"; exit 1; }
	echo "$names" | grep -Eq '^dt_[0-9]+$' || { echo "no dt_<id> among: $names"; exit 1; }
	echo "$names" | grep -v '^dt_' | grep -q . && { echo "programs not named dt_*: $names"; exit 1; }
}

# check_freed: after dtrace has gone, none of its programs or maps remain
# (retrying for up to 10 seconds: the kernel frees them asynchronously,
# after an RCU grace period and in a workqueue, which took over 3 s once
# under the load of parallel test runs).
check_freed() {
	local i left
	for i in $(seq 1 100); do
		progs >"$tmp/after"
		left=$(awk 'NR == FNR { own[$1] = 1; next } ($1 in own)' "$tmp/own_progs" "$tmp/after")
		[ -z "$left" ] && break
		sleep 0.1
	done
	[ -z "$left" ] || { echo "BPF programs left after dtrace exited:"; echo "$left"; exit 1; }
	for i in $(seq 1 100); do
		left=$(bpftool map show | awk 'NR == FNR { own[$1] = 1; next }
		    /^[0-9]+: / { id = $1; sub(":", "", id); if (id in own) print }' "$tmp/own_maps" -)
		[ -z "$left" ] && break
		sleep 0.1
	done
	[ -z "$left" ] || { echo "BPF maps left after dtrace exited:"; echo "$left"; exit 1; }
	for i in $(seq 1 100); do
		left=$(bpftool link show | awk 'NR == FNR { own[$1] = 1; next }
		    /^[0-9]+: / { id = $1; sub(":", "", id); if (id in own) print }' "$tmp/own_links" -)
		[ -z "$left" ] && break
		sleep 0.1
	done
	[ -z "$left" ] || { echo "BPF links left after dtrace exited:"; echo "$left"; exit 1; }
	# nothing of this dtrace is attached anywhere (the same programs, by
	# the ids they had, are all that it could have left)
	return 0
}

# pause SECONDS: sleep without an exec (read times out on a FIFO that
# never has data), for polling loops
mkfifo "$tmp/never"
exec 9<>"$tmp/never"
pause() { read -r -t "$1" -u 9 _ || true; }

# wait_gone PID SECONDS: wait for the background process PID to end, at
# most SECONDS (then kill -9 it: a hang fails, it does not block); its
# exit status in $rc, and 0 if it ended by itself
wait_gone() {
	local i
	for ((i = 0; i < $2 * 10; i++)); do
		kill -0 "$1" 2>/dev/null || break
		pause 0.1
	done
	if kill -0 "$1" 2>/dev/null; then
		kill -KILL "$1" 2>/dev/null
		wait "$1"; rc=$?
		return 1
	fi
	wait "$1"; rc=$?
	return 0
}
