#!/bin/bash
# fbt on a kernel without kprobes that refuses fentry programs (this
# VM's: no kprobe_events, no kprobe PMU, BPF_PROG_TYPE_TRACING load ->
# EPERM): no fbt probes are listed, and enabling one fails as any
# description that matches nothing does (exit status 1), with the reason
# on the same, single line of stderr.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
[ -z "$("$DTRACE" -l | awk '$2 == "fbt"')" ] || { echo "fbt probes listed"; exit 1; }
"$DTRACE" -n 'fbt:vmlinux:vfs_read:entry' >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 1 ] || { echo "exit status $rc"; cat "$tmp/err"; exit 1; }
[ -s "$tmp/out" ] && { echo "stdout:"; cat "$tmp/out"; exit 1; }
[ "$(wc -l <"$tmp/err")" = 1 ] || { echo "not one line:"; cat "$tmp/err"; exit 1; }
pre="dtrace: invalid probe specifier fbt:vmlinux:vfs_read:entry: probe description fbt:vmlinux:vfs_read:entry does not match any probes: "
if [ -e /sys/kernel/tracing/kprobe_events ] || [ -e /sys/bus/event_source/devices/kprobe ]; then
	want="${pre}fbt is not implemented by this dtrace (the kernel has kprobes)"
else
	# the errno the kernel gives an fentry program: EPERM here
	want="${pre}fbt needs kprobes or fentry, and this kernel has no kprobes and refuses fentry programs (Operation not permitted)"
fi
[ "$(cat "$tmp/err")" = "$want" ] || { echo "stderr:"; cat "$tmp/err"; echo "want:"; echo "$want"; exit 1; }
# any description naming the provider says why; a glob does not name it
"$DTRACE" -n 'fbt:::entry' 2>&1 | grep -q "does not match any probes: fbt needs kprobes or fentry\|does not match any probes: fbt is not implemented" ||
    { echo "fbt:::entry gives no reason"; exit 1; }
[ "$("$DTRACE" -n 'fbt*:::entry' 2>&1)" = "dtrace: invalid probe specifier fbt*:::entry: probe description fbt*:::entry does not match any probes" ] ||
    { echo "fbt*:::entry:"; "$DTRACE" -n 'fbt*:::entry'; exit 1; }
exit 0
