#!/bin/bash
# A short soak (bench/soak.py): every event is accounted for, exactly
# (records + drops == events), and nothing of dtrace's is left after it
# exits (BPF programs, maps, links; tracefs events).  Two runs: 10 s of
# 20000 getppid calls a second on a syscall probe, then 200000 calls as
# fast as they come on a pid probe with a 4 KiB buffer (drops likely).
# Counts, not times: a slow machine makes the events more slowly, the
# same number of them.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
soak=$TESTDIR/../../bench/soak.py
fail=0
python3 "$soak" --dtrace "$DTRACE" --builddir "$tmp" -s 10 -r 20000 || fail=1
python3 "$soak" --dtrace "$DTRACE" --builddir "$tmp" -r 0 -n 200000 -b 4k --probe pid || fail=1
exit $fail
