#!/bin/bash
# A probe firing in a kernel thread (a workqueue item, run by a kworker;
# this test makes one by creating and dropping a network namespace, whose
# cleanup is queued work): ustack() is the empty stack (its newline only),
# ustackdepth and ucaller 0, an @[ustack()] key the empty key; stack() is
# the kworker's kernel stack; no error.
tmp=$(mktemp -d)
trap 'kill $gen 2>/dev/null; rm -rf "$tmp"' EXIT
fail() { echo "$1"; cat -A "$tmp/out" "$tmp/err"; exit 1; }
(while :; do unshare -n true; sleep 0.2; done) &
gen=$!
timeout 30 "$DTRACE" -qn 'sdt:workqueue::workqueue_execute_start /curthread->flags & 0x00200000/ {
	printf("%s depth=%d ucaller=%x", execname, ustackdepth, ucaller);
	ustack();
	printf("k");
	stack();
	@[ustack()] = count();
	exit(0);
}' >"$tmp/out" 2>"$tmp/err" || fail "dtrace failed"
[ -s "$tmp/err" ] && fail "stderr"
sed -n 1p "$tmp/out" | grep -qx 'kworker/[^ ]* depth=0 ucaller=0' || fail "line 1"
# ustack()'s newline ends line 1, and no frame follows
[ "$(sed -n 2p "$tmp/out")" = "k" ] || fail "ustack() not empty"
grep -q '^              vmlinux`kthread+0x' "$tmp/out" || fail "stack()"
# the aggregation, after the last stack() frame: empty keys (a blank
# line each) and their counts only (a key per kworker: the pid is in it,
# and the probe may fire on both CPUs before exit() takes effect)
awk '/`/ { n = NR } { l[NR] = $0 } END {
	for (i = n + 1; i <= NR; i++) { if (l[i] ~ /^ +[12]$/) c++; else if (l[i] != "") bad = 1 }
	exit bad || c < 1 }' "$tmp/out" || fail "empty key"
exit 0
