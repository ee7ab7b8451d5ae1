#!/usr/bin/env python3
"""agg_merge.py - what a large aggregation costs dtrace at exit (as root).

Usage: bench/agg_merge.py [-n KEYS] [-r ROUNDS] [--quantize]

Creates an aggregation of KEYS keys (default 100,000) with a real workload:
dd makes KEYS one-byte writes and dtrace aggregates each under its own key,
    syscall::write:entry /pid == $target && arg0 == 1/ { @[i++] = count(); }
(--quantize: @[i++] = quantize(arg2), 127 words a key).  At exit dtrace
reads every key of the per-CPU map, merges the CPUs, sorts and prints.
With DTRACE_DEBUG=1 the consumer reports how long the read+merge and the
sort+print took; each round runs dtrace twice, reading in batches
(BPF_MAP_LOOKUP_BATCH) and key by key (DTRACE_DEBUG_NOBATCH=1), output to
a file.  Also reported: the wall time of the whole dtrace run and of the
same run aggregating into one key (the difference is the in-kernel cost
of the new keys plus the consumer's).  Medians over the rounds.
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DTRACE = os.path.join(TOP, "build", "dtrace")


def run(keys, action, onekey, nobatch, out):
    prog = ("syscall::write:entry /pid == $target && arg0 == 1/ { @%s = %s; }"
            % ("" if onekey else "[i++]", action))
    per_key = 8 + 8 * (128 if "quantize" in action else 1)
    aggsize = max(4 << 20, keys * (per_key * os.cpu_count() + 64) * 2)
    env = dict(os.environ, DTRACE_DEBUG="1")
    if nobatch:
        env["DTRACE_DEBUG_NOBATCH"] = "1"
    cmd = [DTRACE, "-x", "aggsize=%d" % aggsize, "-qn", prog, "-c",
           "dd if=/dev/zero of=/dev/null bs=1 count=%d status=none" % keys]
    t0 = time.perf_counter()
    p = subprocess.run(cmd, env=env, stdout=out, stderr=subprocess.PIPE,
                       text=True)
    wall = (time.perf_counter() - t0) * 1000
    if p.returncode != 0:
        sys.exit("dtrace failed: %s" % p.stderr.strip())
    read = re.search(r"(\d+) keys read and merged in ([\d.]+) ms \((.*)\)",
                     p.stderr)
    prt = re.search(r"keys sorted and printed in ([\d.]+) ms", p.stderr)
    if not onekey and (not read or int(read.group(1)) != keys):
        sys.exit("unexpected key count: %s" % p.stderr.strip())
    return (wall, float(read.group(2)) if read else 0.0,
            float(prt.group(1)) if prt else 0.0,
            read.group(3) if read else "")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-n", type=int, default=100000, help="keys")
    ap.add_argument("-r", type=int, default=5, help="rounds")
    ap.add_argument("--quantize", action="store_true")
    a = ap.parse_args()
    if os.geteuid() != 0:
        sys.exit("agg_merge.py: needs root (it loads BPF programs)")
    action = "quantize(arg2)" if a.quantize else "count()"
    res = {"batch": [], "key by key": [], "one key": []}
    with tempfile.TemporaryFile("w") as out:
        for _ in range(a.r):
            for mode in res:
                out.seek(0)
                out.truncate()
                r = run(a.n, action, mode == "one key", mode == "key by key",
                        out)
                if mode != "one key" and r[3] != mode:
                    sys.exit("read %s, expected %s" % (r[3], mode))
                res[mode].append(r)
    print("%d keys, @[i++] = %s, %d rounds, medians:" % (a.n, action, a.r))
    print("| read | read+merge ms | sort+print ms | dtrace wall ms |")
    print("| --- | --- | --- | --- |")
    for mode, rs in res.items():
        med = [statistics.median(x[i] for x in rs) for i in range(3)]
        if mode == "one key":
            print("| (one key, same workload) | - | - | %.0f |" % med[0])
        else:
            print("| %s | %.1f | %.1f | %.0f |" % (mode, med[1], med[2],
                                                   med[0]))


if __name__ == "__main__":
    main()
