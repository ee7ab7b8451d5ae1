#!/bin/bash
# No user context (the idle task, a kernel thread): with the default
# -x ustackmode=dwarf a ustack() record and a ustack() key are the empty
# stack, as with the frame-pointer walk, not an error: the probe copies no
# window and the consumer unwinds nothing.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
timeout 30 $DTRACE -qn 'sched:::on-cpu /pid == 0 && n < 3/ { n++; ustack(); @[ustack()] = count(); }
    sched:::on-cpu /n >= 3/ { exit(0); }' >"$tmp/out" 2>"$tmp/err" || { cat "$tmp/err"; exit 1; }
# three empty stacks (a newline each), then the key's: a newline and the count
printf '\n\n\n\n\n                3\n' | cmp -s - "$tmp/out" || { echo "output:"; cat -A "$tmp/out"; exit 1; }
[ ! -s "$tmp/err" ] || { cat "$tmp/err"; exit 1; }
exit 0
