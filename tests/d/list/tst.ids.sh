#!/bin/bash
# A probe has one id: -l lists it under the same id whichever of -P, -m,
# -f, -n (or nothing) selects it, and the id built-in is that id when the
# probe fires.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$TESTDIR/progs/build.bash"
build_prog sysload
fail=0
idof() {	# probe-regexp dtrace-args...: the id listed for the probe
	local re=$1; shift
	"$DTRACE" "$@" 2>/dev/null | awk -v re="$re" '{ f = $2 ":" $3 ":" (NF == 5 ? $4 : "") ":" $NF } f ~ re { print $1 }'
}
for p in 'syscall:vmlinux:getppid:entry' 'syscall:vmlinux:lseek:return' 'sdt:sched::sched_process_exec'; do
	re="^$p\$"
	ids=()
	for args in "-l" "-l -P ${p%%:*}" "-l -m ${p%%:*}:$(echo "$p" | cut -d: -f2)" \
	    "-l -n $p" "-l -n $(echo "$p" | cut -d: -f4)" \
	    "-l -P sdt -P syscall" "-l -P syscall -P sdt" "-l -P profile -P ${p%%:*}"; do
		id=$(idof "$re" $args)
		[ -n "$id" ] || { echo "$p: not listed by dtrace $args"; fail=1; continue; }
		ids+=("$id")
		echo "  dtrace $args: $id" >>"$tmp/log.$p"
	done
	[ "$(printf '%s\n' "${ids[@]}" | sort -u | wc -l)" = 1 ] ||
	    { echo "$p: ids differ:"; cat "$tmp/log.$p"; fail=1; }
	eval "id_$(echo "$p" | cut -d: -f4)_$(echo "$p" | cut -d: -f3 | tr -c 'a-z\n' _)=${ids[0]}"
done
# the function column: -f
id=$(idof '^syscall:vmlinux:getppid:entry$' -l -f getppid)
[ "$id" = "$id_entry_getppid" ] || { echo "-l -f getppid: $id, not $id_entry_getppid"; fail=1; }

# at run time, with the providers named in either order
for order in sdt-first syscall-first; do
	if [ $order = sdt-first ]; then
		prog='sdt:sched::sched_process_exec /ppid == $target/ { printf("exec %d\n", id); }
		    syscall::getppid:entry, syscall::lseek:return /pid == $target/ { printf("%s %d\n", probefunc, id); }'
	else
		prog='syscall::getppid:entry, syscall::lseek:return /pid == $target/ { printf("%s %d\n", probefunc, id); }
		    sdt:sched::sched_process_exec /ppid == $target/ { printf("exec %d\n", id); }'
	fi
	taskset -c 0 "$DTRACE" -q -n "$prog" -c "$tmp/sysload 1" >"$tmp/out" 2>"$tmp/err" ||
	    { echo "$order: exit status $?"; cat "$tmp/err"; fail=1; }
	printf 'getppid %d\nlseek %d\nexec %d\n\n' "$id_entry_getppid" "$id_return_lseek" \
	    "$id_sched_process_exec_" | diff -u - "$tmp/out" || fail=1
done
exit $fail
