#!/bin/bash
# -l lists a sdt probe for every kernel tracepoint outside the syscalls
# group (and the kprobes/uprobes groups): provider sdt, the tracepoint's
# group as module, no function, the event as name; -m, -n and globs select
# among them.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
tracefs=/sys/kernel/tracing
[ -r $tracefs/available_events ] || tracefs=/sys/kernel/debug/tracing
hdr=$(printf '%5s %10s %17s %33s %s' ID PROVIDER MODULE FUNCTION NAME)
list() {	# name args...: $tmp/body = listing without the heading
	local name=$1; shift
	"$DTRACE" "$@" >"$tmp/out" 2>"$tmp/err"
	local rc=$?
	[ $rc = 0 ] || { echo "$name: exit status $rc"; fail=1; }
	[ -s "$tmp/err" ] && { echo "$name: stderr: $(cat "$tmp/err")"; fail=1; }
	[ "$(head -n 1 "$tmp/out")" = "$hdr" ] || { echo "$name: heading: $(head -n 1 "$tmp/out")"; fail=1; }
	tail -n +2 "$tmp/out" | awk '{
		line = sprintf("%5d %10s %17s %33s %s", $1, $2, $3, "", $4)
		if (NF != 4 || line != $0) { print "bad line: [" $0 "]"; exit 1 }
	}' || { echo "$name: format"; fail=1; }
	tail -n +2 "$tmp/out" >"$tmp/body"
}
fields() {	# provider:module:function:name of each listed probe, sorted
	awk '{ print $2 ":" $3 "::" $4 }' "$tmp/body" | sort
}

list "-l -n sdt:sched::sched_process_exec" -l -n sdt:sched::sched_process_exec
printf 'sdt:sched::sched_process_exec\n' | diff -u - <(fields) || fail=1
list "-l -n sched_process_exec" -l -n sched_process_exec
printf 'rawtp:sched::sched_process_exec\nsdt:sched::sched_process_exec\n' | diff -u - <(fields) || fail=1
list "-l -n sdt:signal::" -l -n sdt:signal::
grep '^signal:' $tracefs/available_events | sed 's/^signal:/sdt:signal::/' | sort | diff -u - <(fields) || fail=1
list "-l -n sdt:sched::sched_process_[ef]*" -l -n 'sdt:sched::sched_process_[ef]*'
grep -E '^sched:sched_process_[ef]' $tracefs/available_events | sed 's/^sched:/sdt:sched::/' | sort |
    diff -u - <(fields) || fail=1
grep '^sched:' $tracefs/available_events | sed 's/^sched:/sdt:sched::/' | sort >"$tmp/want"
# -m sched: the rawtp provider's probes of the group too
list "-l -m sched" -l -m sched
sed 's/^sdt:/rawtp:/' "$tmp/want" | cat - "$tmp/want" | diff -u - <(fields) || fail=1
list "-l -m sdt:sched" -l -m sdt:sched
fields | diff -u "$tmp/want" - || fail=1
list "-l -n sdt:s?h*d::" -l -n 'sdt:s?h*d::'
fields | diff -u "$tmp/want" - || fail=1

# the whole provider
# dynamic events (dynamic_events: "p:GROUP/EVENT ...") are no tracepoints
sed -E 's/^[^ :]*:?([^ /]+)\/([^ ]+).*/\1:\2/' $tracefs/dynamic_events 2>/dev/null >"$tmp/dyn"
grep -v -E '^(syscalls|kprobes|uprobes):' $tracefs/available_events | grep -v -x -F -f "$tmp/dyn" |
    sed 's/^\([^:]*\):/sdt:\1::/' | sort >"$tmp/all"
list "-l -P sdt" -l -P sdt
fields | diff -u "$tmp/all" - >"$tmp/diff" || { echo "-l -P sdt:"; head -n 20 "$tmp/diff"; fail=1; }
exit $fail
