#!/bin/bash
# -l with -P/-m/-f/-n lists the syscall provider's probes: one entry and
# one return probe, in module vmlinux, for each system call the kernel has
# (each syscalls:sys_enter_NAME / sys_exit_NAME tracepoint), under the
# ID/PROVIDER/MODULE/FUNCTION/NAME heading, in "%5d %10s %17s %33s %s"
# columns.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
tracefs=/sys/kernel/tracing
[ -r $tracefs/available_events ] || tracefs=/sys/kernel/debug/tracing
hdr=$(printf '%5s %10s %17s %33s %s' ID PROVIDER MODULE FUNCTION NAME)
list() {	# name args...: $tmp/out = listing, checked for heading and format
	local name=$1; shift
	"$DTRACE" "$@" >"$tmp/out" 2>"$tmp/err"
	local rc=$?
	[ $rc = 0 ] || { echo "$name: exit status $rc"; fail=1; }
	[ -s "$tmp/err" ] && { echo "$name: stderr: $(cat "$tmp/err")"; fail=1; }
	[ "$(head -n 1 "$tmp/out")" = "$hdr" ] || { echo "$name: heading: $(head -n 1 "$tmp/out")"; fail=1; }
	# every line is exactly what the column format makes of its fields
	tail -n +2 "$tmp/out" | awk '{
		line = sprintf("%5d %10s %17s %33s %s", $1, $2, $3, $4, $5)
		if (NF == 4)	# an empty function (proc:vmlinux::create)
			line = sprintf("%5d %10s %17s %33s %s", $1, $2, $3, "", $4)
		if (NF < 4 || NF > 5 || line != $0) { print "bad line: [" $0 "]"; exit 1 }
	}' || { echo "$name: format"; fail=1; }
	tail -n +2 "$tmp/out" >"$tmp/body"
}
fields() {	# provider:module:function:name of each listed probe, sorted
	awk '{ print $2 ":" $3 ":" $4 ":" $5 }' "$tmp/body" | sort
}

list "-l -n syscall::getppid:" -l -n syscall::getppid:
printf 'syscall:vmlinux:getppid:entry\nsyscall:vmlinux:getppid:return\n' >"$tmp/want"
fields | diff -u "$tmp/want" - || fail=1

list "-l -f getppid" -l -f getppid
fields | diff -u "$tmp/want" - || fail=1

list "-l -n syscall:vmlinux:getpp?d:*" -l -n 'syscall:vmlinux:getpp?d:*'
fields | diff -u "$tmp/want" - || fail=1

list "-l -n syscall::get[p]pid:entry" -l -n 'syscall::get[p]pid:entry'
printf 'syscall:vmlinux:getppid:entry\n' | diff -u - <(fields) || fail=1

list "-l -n getppid:return" -l -n getppid:return
printf 'syscall:vmlinux:getppid:return\n' | diff -u - <(fields) || fail=1

list "-l -n syscall::*fstat*:entry" -l -n 'syscall::*fstat*:entry'
grep -q ':newfstatat:entry$' <(fields) || { echo "no newfstatat in syscall::*fstat*:entry"; fail=1; }
grep -v '^syscall:vmlinux:[a-z0-9_]*fstat[a-z0-9_]*:entry$' <(fields) | grep -q . &&
    { echo "syscall::*fstat*:entry lists other probes"; fail=1; }

# the whole provider: one probe per syscalls tracepoint
grep '^syscalls:sys_enter_' $tracefs/available_events | sed 's/^syscalls:sys_enter_/syscall:vmlinux:/; s/$/:entry/' >"$tmp/all"
grep '^syscalls:sys_exit_' $tracefs/available_events | sed 's/^syscalls:sys_exit_/syscall:vmlinux:/; s/$/:return/' >>"$tmp/all"
sort -o "$tmp/all" "$tmp/all"
[ "$(wc -l <"$tmp/all")" -gt 100 ] || { echo "too few syscall tracepoints"; fail=1; }
list "-l -P syscall" -l -P syscall
fields | diff -u "$tmp/all" - >"$tmp/diff" || { echo "-l -P syscall:"; head -n 20 "$tmp/diff"; fail=1; }
list "-l -m vmlinux" -l -m vmlinux	# other providers' probes are in vmlinux too
fields | grep '^syscall:' | diff -u "$tmp/all" - >"$tmp/diff" || { echo "-l -m vmlinux:"; head -n 20 "$tmp/diff"; fail=1; }
list "-l -m syscall:vmlinux" -l -m syscall:vmlinux
fields | diff -u "$tmp/all" - >"$tmp/diff" || { echo "-l -m syscall:vmlinux:"; head -n 20 "$tmp/diff"; fail=1; }
list "-l -n syscall:::entry" -l -n syscall:::entry
fields | diff -u <(grep ':entry$' "$tmp/all") - >"$tmp/diff" || { echo "-l -n syscall:::entry:"; head -n 20 "$tmp/diff"; fail=1; }
# each probe has its own id
[ "$(awk '{ print $1 }' "$tmp/body" | sort -u | wc -l)" = "$(wc -l <"$tmp/body")" ] ||
    { echo "-l -n syscall:::entry: duplicate ids"; fail=1; }
exit $fail
