#!/usr/bin/env bash
# run-dtests.sh - run the D-level tests against the real kernel (as root).
#
# tests/d/AREA/NAME.d      a D script, run as: dtrace [ARGS] -s NAME.d [OPERANDS]
#   NAME.d.out             expected stdout, exactly
#   NAME.d.err             expected stderr, exactly but for BPF program
#                          counters ("at BPF pc N"; not checked if absent)
#   NAME.d.exit            expected exit status (0 if absent)
#   NAME.d.args            dtrace options placed before -s (one line)
#   NAME.d.operands        macro arguments placed after the script
# tests/d/compat/scripts/  D scripts in the style of published ones, run
#                          by the compat tests (not tests themselves)
# tests/d/AREA/NAME.sh     a shell test: passes when it exits 0; gets
#                          $DTRACE (the binary) and $TESTDIR.
# Usage: run-dtests.sh [PATTERN...]   (a test runs if its path contains
#                                     one of the PATTERNs; all without)
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
export DTRACE="$top/build/dtrace"
export TESTDIR="$top/tests/d"
pats=("$@")
pass=0; fail=0; failed=()
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

if [ "$(id -u)" -ne 0 ]; then
	echo "run-dtests: the D tests load BPF programs and must run as root" >&2
	exit 1
fi

# A test over its time gets a signal dtrace ends on (SIGINT, SIGTERM), and
# SIGKILL only 30 s later: a dtrace killed inside bpf(BPF_LINK_CREATE)
# makes the kernel leak that link's uprobes for good, and a leak on libc
# slows every exec on the machine (see lib/prov/uprobe.c).
run_d() {
	local t=$1 args="" ops="" want_exit=0
	[ -f "$t.args" ] && args=$(cat "$t.args")
	[ -f "$t.operands" ] && ops=$(cat "$t.operands")
	[ -f "$t.exit" ] && want_exit=$(cat "$t.exit")
	(cd "$(dirname "$t")" && eval timeout -k 30 -s INT 60 taskset -c 0 "$DTRACE" $args -s "$(basename "$t")" $ops) \
		>"$tmp/out" 2>"$tmp/err" </dev/null
	local rc=$?
	local ok=1
	if [ "$rc" != "$want_exit" ]; then ok=0; echo "  exit status $rc, expected $want_exit"; fi
	if ! diff -u "$t.out" "$tmp/out" >"$tmp/diff" 2>&1; then ok=0; echo "  stdout differs:"; head -n 30 "$tmp/diff"; fi
	sed -i -E 's/at BPF pc [0-9]+/at BPF pc N/' "$tmp/err"
	if [ -f "$t.err" ] && ! diff -u "$t.err" "$tmp/err" >"$tmp/diff" 2>&1; then ok=0; echo "  stderr differs:"; head -n 30 "$tmp/diff"; fi
	[ $ok = 1 ] || { echo "  stderr was:"; head -n 10 "$tmp/err"; }
	return $((1 - ok))
}

# stuck_report: where every dtrace process is, in the kernel and (with
# gdb) in user space: printed for a shell test that runs into its time,
# since a hang shows nothing else
stuck_report() {
	local p t
	for p in $(pgrep -x dtrace); do
		echo "  dtrace $p: $(tr '\0' ' ' <"/proc/$p/cmdline" 2>/dev/null)"
		for t in /proc/$p/task/*; do
			echo "    task ${t##*/} $(grep State "$t/status" 2>/dev/null) wchan $(cat "$t/wchan" 2>/dev/null)"
			echo "      $(grep '^Sig\|^ShdPnd' "$t/status" 2>/dev/null | tr '\n' ' ')"
			sed 's/^/      /' "$t/stack" 2>/dev/null
		done
		command -v gdb >/dev/null &&
			timeout 20 gdb -batch -p "$p" -ex 'thread apply all bt 12' 2>/dev/null |
			grep '^#\|^Thread' | sed 's/^/    /'
	done
}

run_sh() {
	local t=$1
	# at 110 s, before the timeout's signal changes anything, say where
	# dtrace is
	( sleep 110 && stuck_report >"$tmp/stuck" 2>&1 ) 2>/dev/null &
	local w=$!
	: >"$tmp/stuck"
	(cd "$(dirname "$t")" && timeout -k 30 -s TERM 120 bash "$t") >"$tmp/out" 2>&1
	local rc=$?
	pkill -P $w sleep 2>/dev/null; kill $w 2>/dev/null; wait $w 2>/dev/null
	[ $rc = 0 ] || { echo "  exit status $rc:"; tail -n 30 "$tmp/out"; cat "$tmp/stuck"; }
	return $rc
}

# exec_ms: milliseconds one exec of /bin/true takes (a machine where exec
# has turned slow makes every test slow: the summary says so)
exec_ms() {
	local t0=$EPOCHREALTIME
	/bin/true
	local t1=$EPOCHREALTIME
	echo $(( (${t1/./} - ${t0/./}) / 1000 ))
}
start=$SECONDS
exec0=$(exec_ms)
slow=()

# the kernel's "failed to unregister, leaking uprobe" lines: a test after
# which there are new ones is named (uprobes leaked on libc slow every
# exec until the machine reboots; see lib/prov/uprobe.c).  New lines are
# those after the last one seen (the log is a ring: a count of lines stops
# growing once leaks fill it).
last_leak() { dmesg 2>/dev/null | grep 'leaking uprobe' | tail -n 1; }
new_leaks() {
	dmesg 2>/dev/null | awk -v last="$1" '/leaking uprobe/ {
		if (last != "" && $0 == last) n = 0; else n++ } END { print n + 0 }'
}
leak=$(last_leak)

while IFS= read -r t; do
	if ((${#pats[@]})); then
		hit=0
		for p in "${pats[@]}"; do case "$t" in *"$p"*) hit=1; break ;; esac; done
		((hit)) || continue
	fi
	name=${t#"$top/tests/d/"}
	t0=$SECONDS
	if [[ $t == *.d ]]; then run_d "$t" >"$tmp/log"; else run_sh "$t" >"$tmp/log"; fi
	rc=$?
	took=$((SECONDS - t0)); when=""
	# tests of 20 s or more say how long they took
	if [ $took -ge 20 ]; then when=" ($took s)"; slow+=("$took $name"); fi
	if [ $rc = 0 ]; then
		pass=$((pass + 1)); echo "PASS $name$when"
	else
		fail=$((fail + 1)); failed+=("$name"); echo "FAIL $name$when"; cat "$tmp/log"
	fi
	n=$(new_leaks "$leak")
	((n == 0)) || { echo "  warning: the kernel leaked uprobes during $name ($n lines in its log)"; leak=$(last_leak); }
done < <(find "$top/tests/d" \( -name '*.d' -o -name '*.sh' \) -type f -not -path '*/compat/scripts/*' -not -path '*/usdtgen/world/*' | sort)

echo
echo "took $((SECONDS - start)) s; an exec took $exec0 ms at the start, $(exec_ms) ms at the end"
if ((${#slow[@]})); then
	echo "slowest:"
	printf '%s\n' "${slow[@]}" | sort -rn | head -n 10 | sed 's/^/  /'
fi
for f in "${failed[@]+"${failed[@]}"}"; do echo "failed: $f"; done
echo "$pass passed, $fail failed"
[ $fail = 0 ]
