#!/usr/bin/env bash
# demo.sh - a short real trace: BEGIN, a busy child sampled by profile-997,
# tick-N timing and END, all compiled to BPF by build/dtrace.
set -eu
cd "$(dirname "$0")/.."
D=build/dtrace
echo '$ dtrace -qn '\''BEGIN { printf("hello from pid %d (%s)\n", pid, execname); exit(0); }'\'''
$D -qn 'BEGIN { printf("hello from pid %d (%s)\n", pid, execname); exit(0); }'
echo
echo '$ dtrace -qn '\''profile-997 /ppid == $target/ { n++; } tick-100ms { t++; } END { printf("%d samples of children of pid %d, %d ticks\n", n, $target, t); }'\'' -c "timeout 1 md5sum /dev/zero"'
$D -qn 'profile-997 /ppid == $target/ { n++; } tick-100ms { t++; } END { printf("%d samples of children of pid %d, %d ticks\n", n, $target, t); }' \
	-c "timeout 1 md5sum /dev/zero" 2>&1 || true
echo
echo '$ dtrace -n '\''BEGIN { x = 0; trace(1 / x); } tick-200ms { exit(0); }'\'''
$D -n 'BEGIN { x = 0; trace(1 / x); } tick-200ms { exit(0); }' || true
echo
echo '$ dtrace -x oformat=json -qn '\''BEGIN { @[execname] = count(); printf("%s\n", "as JSON Lines"); exit(0); }'\'''
$D -x oformat=json -qn 'BEGIN { @[execname] = count(); printf("%s\n", "as JSON Lines"); exit(0); }'
