#!/bin/bash
# No user context (kernel threads: no mm): with the default -x
# ustackmode=dwarf a ustack() record and a ustack() key are the empty
# stack, as with the frame-pointer walk, not an error: the probe copies no
# window and the consumer unwinds nothing.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
timeout 60 $DTRACE -qn 'sched:::on-cpu /curthread->mm == NULL && n < 3/ { n++; ustack(); @[ustack()] = count(); }
    sched:::on-cpu /n >= 3/ { exit(0); }' >"$tmp/out" 2>"$tmp/err" || { echo "dtrace failed"; cat "$tmp/err"; exit 1; }
[ ! -s "$tmp/err" ] || { cat "$tmp/err"; exit 1; }
# only empty stacks (blank lines) and the keys' counts (one per thread)
if grep -qv '^$\|^ *[0-9][0-9]*$' "$tmp/out"; then echo "frames:"; cat -A "$tmp/out"; exit 1; fi
[ "$(grep -c '^$' "$tmp/out")" -ge 4 ] || { echo "stacks:"; cat -A "$tmp/out"; exit 1; }
total=$(awk '/[0-9]/ { t += $1 } END { print t + 0 }' "$tmp/out")
[ "$total" -ge 3 ] || { echo "counts:"; cat -A "$tmp/out"; exit 1; }
exit 0
