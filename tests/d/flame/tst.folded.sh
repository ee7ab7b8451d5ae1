#!/bin/bash
# -x oformat=folded: a ustack() aggregation as folded stacks, one line
# per distinct path, outermost caller first, frames without offsets (the
# two call sites of leaf in left are one path: 3 + 3 = 6), other key
# parts (execname) as the first frame, the count after a space.  stdout
# holds nothing else: printf output and the probe lines are left out, and
# a non-stack aggregation is named on stderr instead.
. "$TESTDIR/flame/common.bash"
build_tree
$DTRACE -x oformat=folded -n 'BEGIN { printf("not folded\n"); }
    syscall::getppid:entry /pid == $target/ { @[ustack()] = count(); @total = count(); }' \
    -c "$tmp/flame_tree" >"$tmp/out" 2>"$tmp/err" || { cat "$tmp/err"; exit 1; }
# the frames below main (libc's start code) are the same on every line:
# compare them once, then the rest exactly
root=$(sed -n '1s/;flame_tree`main;.*//p' "$tmp/out")
[ -n "$root" ] || { echo "no root frames"; cat "$tmp/out"; exit 1; }
case $root in *+0x*) echo "offset in '$root'"; exit 1 ;; esac
cat >"$tmp/want" <<'X'
ROOT;flame_tree`main;flame_tree`left;flame_tree`leaf 6
ROOT;flame_tree`main;flame_tree`right;flame_tree`leaf 2
X
awk -v r="$root" '{ if (index($0, r ";") == 1) $0 = "ROOT" substr($0, length(r) + 1); print }' \
    "$tmp/out" | diff -u "$tmp/want" - || { echo "output:"; cat "$tmp/out"; exit 1; }
grep -qx 'dtrace: @total has no stack key: not in the folded output' "$tmp/err" ||
	{ echo "stderr:"; cat "$tmp/err"; exit 1; }

# the text output of the same run has three keys: the folding merged two
$DTRACE -qn 'syscall::getppid:entry /pid == $target/ { @[ustack()] = count(); }' \
    -c "$tmp/flame_tree" >"$tmp/text" || exit 1
[ "$(grep -c '^ *flame_tree`leaf+0x' "$tmp/text")" = 3 ] || { cat "$tmp/text"; exit 1; }

# other key parts come first, in key order; quantize() counts its values
$DTRACE -x oformat=folded -qn 'syscall::getppid:entry /pid == $target/ {
    @[execname, ustack(3)] = quantize(10); }' -c "$tmp/flame_tree" >"$tmp/out" || exit 1
cat >"$tmp/want" <<'X'
flame_tree;flame_tree`left;flame_tree`leaf 6
flame_tree;flame_tree`main;flame_tree`right;flame_tree`leaf 2
X
# ustack(3) of left's leaf: leaf, left, main; of right's: leaf, right, main
sed -i 's/^flame_tree;flame_tree`left/flame_tree;flame_tree`main;flame_tree`left/' "$tmp/want"
diff -u "$tmp/want" "$tmp/out" || exit 1
exit 0
