#!/usr/bin/env python3
"""aggshare_cost.py - the cost per firing of an aggregation in a shared map
(rt/aggshare.c; DTRACE_AGGSHARE=1 shares every aggregation's map, as a
program past the map budget does) against one in a map of its own.

Usage: bench/aggshare_cost.py [-n N] [-r R]   (as root)

For a keyless `@ = count()` (an array entry: its slot instead of 0) and a
keyed `@[pid] = count()` (the hash key: the tuple then an 8-byte id), on
syscall::getppid:entry while bench/getppid_loop makes N calls: the
kernel's own run statistics of the program (kernel.bpf_stats_enabled:
run_time_ns / run_cnt, steadier on a loaded machine than wall time),
median of R rounds, own and shared alternating.  Prints ns per firing and
the ratio shared / own.
"""
import argparse
import os
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bpfstats import prog_stats  # noqa: E402

top = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CLAUSES = ["{ @ = count(); }", "{ @[pid] = count(); }"]


def one(dtrace, loop, n, share, clause):
    env = dict(os.environ, DTRACE_AGGSHARE=str(share))
    p = subprocess.Popen([dtrace, "-q", "-n", 'BEGIN { printf("ready\\n"); }',
                          "-n", "syscall::getppid:entry " + clause],
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, text=True)
    try:
        if p.stdout.readline().strip() != "ready":
            raise RuntimeError("dtrace did not start")
        c0, t0 = prog_stats(p.pid)
        subprocess.run([loop, str(n), "1"], stdout=subprocess.DEVNULL, check=True)
        c1, t1 = prog_stats(p.pid)
    finally:
        p.terminate()
        p.wait()
    return (t1 - t0) / max(c1 - c0, 1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-n", type=int, default=2_000_000)
    ap.add_argument("-r", type=int, default=5)
    ap.add_argument("--dtrace", default=os.path.join(top, "build", "dtrace"))
    a = ap.parse_args()
    os.makedirs(os.path.join(top, "bench", "build"), exist_ok=True)
    loop = os.path.join(top, "bench", "build", "getppid_loop")
    subprocess.run(["cc", "-O2", "-o", loop, os.path.join(top, "bench", "getppid_loop.c")],
                   check=True)
    knob = "/proc/sys/kernel/bpf_stats_enabled"
    old = open(knob).read().strip()
    open(knob, "w").write("1")
    try:
        for clause in CLAUSES:
            v = {0: [], 1: []}
            for r in range(a.r):
                for share in ((0, 1) if r % 2 == 0 else (1, 0)):
                    v[share].append(one(a.dtrace, loop, a.n, share, clause))
            own, sh = statistics.median(v[0]), statistics.median(v[1])
            print(f"{clause:24s} own map {own:6.1f}  shared {sh:6.1f} ns/firing  "
                  f"shared/own {sh / own:.2f}x")
    finally:
        open(knob, "w").write(old)


if __name__ == "__main__":
    main()
