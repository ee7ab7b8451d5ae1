#!/bin/bash
# -l lists a rawtp probe for every kernel tracepoint tracefs names
# (rawtp:GROUP::EVENT), but the syscalls group (not tracepoints: the
# syscall tracer makes them from raw_syscalls' sys_enter/sys_exit) and the
# dynamic event groups; -lv shows the stability Oracle Linux DTrace gives
# the provider and the argument types of the tracepoint's prototype, from
# the kernel's BTF.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
tracefs=/sys/kernel/tracing
[ -r $tracefs/available_events ] || tracefs=/sys/kernel/debug/tracing

"$DTRACE" -l -P rawtp >"$tmp/out" 2>"$tmp/err" || { echo "-l -P rawtp: exit status $?"; fail=1; }
[ -s "$tmp/err" ] && { echo "-l -P rawtp: stderr: $(cat "$tmp/err")"; fail=1; }
tail -n +2 "$tmp/out" | awk '{ print $2 ":" $3 "::" $4 }' | sort >"$tmp/got"
# dynamic events (dynamic_events: "p:GROUP/EVENT ...") are no tracepoints
sed -E 's/^[^ :]*:?([^ /]+)\/([^ ]+).*/\1:\2/' $tracefs/dynamic_events 2>/dev/null >"$tmp/dyn"
grep -v -E '^(syscalls|kprobes|uprobes|eprobes|fprobes|synthetic|ftrace):' $tracefs/available_events | grep -v -x -F -f "$tmp/dyn" |
    sed 's/^\([^:]*\):/rawtp:\1::/' | sort >"$tmp/want"
diff -u "$tmp/want" "$tmp/got" >"$tmp/diff" || { echo "-l -P rawtp:"; head -n 20 "$tmp/diff"; fail=1; }
[ "$(wc -l <"$tmp/got")" -gt 500 ] || { echo "too few rawtp probes"; fail=1; }

# the listing without probe ids
"$DTRACE" -lv -n rawtp:sched::sched_process_fork -n rawtp:raw_syscalls::sys_enter 2>&1 |
    sed -E 's/^ *[0-9]+ +rawtp/ rawtp/' >"$tmp/out"
cat >"$tmp/want" <<'WEOF'
   ID   PROVIDER            MODULE                          FUNCTION NAME
 rawtp             sched                                   sched_process_fork

	Probe Description Attributes
		Identifier Names: Private
		Data Semantics:   Private
		Dependency Class: Unknown

	Argument Attributes
		Identifier Names: Private
		Data Semantics:   Private
		Dependency Class: ISA

	Argument Types
		args[0]: struct task_struct *
		args[1]: struct task_struct *

 rawtp      raw_syscalls                                   sys_enter

	Probe Description Attributes
		Identifier Names: Private
		Data Semantics:   Private
		Dependency Class: Unknown

	Argument Attributes
		Identifier Names: Private
		Data Semantics:   Private
		Dependency Class: ISA

	Argument Types
		args[0]: struct pt_regs *
		args[1]: long

WEOF
diff -u "$tmp/want" "$tmp/out" || fail=1

# the provider's stability, as -v reports it for a clause using args[]
"$DTRACE" -v -e -n 'rawtp:sched::sched_process_fork { trace(args[1]->pid); }' >"$tmp/out" 2>&1 ||
    { echo "-v -e: exit status $?"; cat "$tmp/out"; fail=1; }
grep -A3 'Minimum Probe Description Attributes' "$tmp/out" >"$tmp/got"
printf '\tMinimum Probe Description Attributes\n\t\tIdentifier Names: Private\n\t\tData Semantics:   Private\n\t\tDependency Class: Unknown\n' |
    diff -u - "$tmp/got" || fail=1
exit $fail
