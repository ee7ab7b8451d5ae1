#!/bin/bash
# @[ustack()] with the default -x ustackmode=dwarf: the probe records the
# key, value and stack window and the consumer unwinds and aggregates, so
# the key is the full stack through qsort (compare ... sorter, main) of a
# program built without frame pointers, one key for the 4 identical
# calls, with each aggregating function's value (two clauses, as a
# clause's record holds two windows at most by default); -x ustackmode=fp keys by
# the frame-pointer walk, which loses sorter and main.
. "$TESTDIR/ustack/common.bash"
cc -O2 -fomit-frame-pointer -o "$tmp/qs" "$TESTDIR/progs/ustack_qsort.c" || { echo "cannot build"; exit 1; }
p='syscall::getppid:entry /pid == $target/'
prog="$p { @c[ustack()] = count(); @q[ustack()] = quantize(10); }
$p { @a[ustack()] = avg(7); @s[ustack(), 2] = sum(5); }"

$DTRACE -qn "$prog" -c "$tmp/qs 4" >"$tmp/out" || exit 1
# every aggregation: one stack with the whole chain
n=$(grep -c '^              qs`main+0x[0-9a-f]*$' "$tmp/out")
[ "$n" = 4 ] || { echo "stacks reaching main: $n"; cat "$tmp/out"; exit 1; }
for f in compare sorter; do
	[ "$(grep -c "^              qs\`$f+0x[0-9a-f]*\$" "$tmp/out")" = 4 ] || { echo "$f"; cat "$tmp/out"; exit 1; }
done
[ "$(grep -c '^              libc.so.6`qsort_r+0x[0-9a-f]*$' "$tmp/out")" = 4 ] || { echo "qsort_r"; cat "$tmp/out"; exit 1; }
# the values: count 4, avg 7, quantize(10) 4 in the 8 bucket, sum 20
grep -qx ' \{16\}4' "$tmp/out" || { echo "count"; cat "$tmp/out"; exit 1; }
grep -qx ' \{16\}7' "$tmp/out" || { echo "avg"; cat "$tmp/out"; exit 1; }
grep -q '^ *8 |@\{40\} *4 *$' "$tmp/out" || { echo "quantize"; cat "$tmp/out"; exit 1; }
grep -q '^ *2 *20$' "$tmp/out" || { echo "sum with a second key"; cat "$tmp/out"; exit 1; }
# the frame-pointer walk as the key: the chain is lost
$DTRACE -x ustackmode=fp -qn 'syscall::getppid:entry /pid == $target/ { @[ustack()] = count(); }' \
    -c "$tmp/qs 4" >"$tmp/fp" || exit 1
grep -q 'getppid' "$tmp/fp" || { echo "fp: no stack"; cat "$tmp/fp"; exit 1; }
if grep -q 'qs`main\|qs`sorter' "$tmp/fp"; then echo "fp reached main"; cat "$tmp/fp"; exit 1; fi
exit 0
