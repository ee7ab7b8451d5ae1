#!/usr/bin/env python3
"""agg_exit.py - printing 1 M aggregation keys at exit, dtrace vs bpftrace (as root).

Usage: bench/agg_exit.py [-n KEYS] [-r ROUNDS]

bench/keys_loop.c makes KEYS close(2) calls on KEYS different (unopened)
descriptors and prints when it is done; the tracer, started with -c,
aggregates on the descriptor and prints the aggregation when the program
exits:

    dtrace   -x aggsize=SIZE -qn 'syscall::close:entry /pid == $target/
                                   { @[arg0] = count(); }'
    bpftrace -e 'tracepoint:syscalls:sys_enter_close /pid == cpid/
                 { @[args->fd] = count(); }'    (BPFTRACE_MAP_KEYS_MAX=KEYS+)

SIZE is large enough for KEYS keys.  Output goes to a file.  Measured for
each: the exit time (from the workload's end to the tracer's exit: read,
sort and print the keys, tear down; CLOCK_MONOTONIC on both sides), the
tracer's peak RSS (wait4's rusage), and the keys printed (KEYS, and the
few descriptors the workload's start-up closes).
The two tools alternate; medians over the rounds, and bpftrace/dtrace.
Also reported: how many of the keys dtrace keeps with the default aggsize,
what the drop report then says, and what a run with one keyed aggregation
costs at start-up with the default aggsize and with the one for KEYS keys
(the kernel preallocates the map: why the default stays 4m).
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DTRACE = os.path.join(TOP, "build", "dtrace")


def run(cmd, env, outpath):
    with open(outpath, "w") as out:
        p = subprocess.Popen(cmd, env=env, stdout=out, stderr=subprocess.PIPE,
                             text=True)
        err = p.stderr.read()	# to EOF: the tracer and its child are done
        _, status, ru = os.wait4(p.pid, 0)
        t_end = time.monotonic_ns()
        p.returncode = os.waitstatus_to_exitcode(status)
    stamps = [int(l) for l in err.splitlines() if re.fullmatch(r"\d+", l)]
    if p.returncode != 0 or not stamps:
        sys.exit("%s failed (%d): %s" % (cmd[0], p.returncode, err.strip()))
    keys = 0
    with open(outpath) as f:
        for line in f:
            if re.match(r"^\s*\d+\s+\d+$|^@\[\d+\]: \d+$", line):
                keys += 1
    other = [l for l in err.splitlines() if not re.fullmatch(r"\d+", l)]
    return ((t_end - stamps[-1]) / 1e6, ru.ru_maxrss / 1024.0, keys, other,
            ru.ru_utime + ru.ru_stime)


def startup(cmd):
    t0 = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, check=True)
    return (time.perf_counter() - t0) * 1000


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-n", type=int, default=1000000, help="keys")
    ap.add_argument("-r", type=int, default=3, help="rounds")
    a = ap.parse_args()
    if os.geteuid() != 0:
        sys.exit("agg_exit.py: needs root (it loads BPF programs)")
    bpftrace = shutil.which("bpftrace")
    if not bpftrace:
        sys.exit("agg_exit.py: bpftrace missing (scripts/setup.sh installs it)")
    tmp = tempfile.mkdtemp()
    try:
        gen = os.path.join(tmp, "keys_loop")
        subprocess.run(["cc", "-O2", "-o", gen,
                        os.path.join(TOP, "bench", "keys_loop.c")], check=True)
        out = os.path.join(tmp, "out")
        work = "%s %d" % (gen, a.n)
        ncpus = os.cpu_count()
        # dtrace's map holds aggsize / ((key + value) * ncpus + 64) keys
        aggsize = (a.n + a.n // 10) * (16 * ncpus + 64)
        dprog = "syscall::close:entry /pid == $target/ { @[arg0] = count(); }"
        bprog = ("tracepoint:syscalls:sys_enter_close /pid == cpid/ "
                 "{ @[args->fd] = count(); }")
        denv = dict(os.environ)
        benv = dict(os.environ, BPFTRACE_MAP_KEYS_MAX=str(a.n + a.n // 10))
        res = {"dtrace": [], "bpftrace": []}
        for _ in range(a.r):
            res["dtrace"].append(run([DTRACE, "-x", "aggsize=%d" % aggsize,
                                      "-qn", dprog, "-c", work], denv, out))
            res["bpftrace"].append(run([bpftrace, "-e", bprog, "-c", work],
                                       benv, out))
        for tool, rs in res.items():
            for r in rs:
                # the workload's start-up closes a few descriptors too
                if not a.n <= r[2] <= a.n + 16:
                    sys.exit("%s printed %d keys, not %d: %s"
                             % (tool, r[2], a.n, r[3]))
        print("%d keys, @[fd] = count() on close(2), %d rounds, medians "
              "(dtrace -x aggsize=%d):" % (a.n, a.r, aggsize))
        print("| tool | exit ms (read+sort+print) | peak RSS MiB | CPU s (whole run) |")
        print("| --- | --- | --- | --- |")
        med = {}
        for tool, rs in res.items():
            med[tool] = [statistics.median(r[i] for r in rs) for i in (0, 1, 4)]
            print("| %s | %.0f | %.1f | %.2f |" % (tool, *med[tool]))
        print("bpftrace/dtrace: exit time %.2fx, peak RSS %.2fx, CPU %.2fx"
              % tuple(med["bpftrace"][i] / med["dtrace"][i] for i in range(3)))
        print("load average at the end: %.1f" % os.getloadavg()[0])
        # what holding KEYS keys costs every run: the map is preallocated
        small = [DTRACE, "-qn", "BEGIN { @[1] = count(); exit(0); }"]
        big = small[:1] + ["-x", "aggsize=%d" % aggsize] + small[1:]
        ts = [startup(small) for _ in range(a.r)]
        tb = [startup(big) for _ in range(a.r)]
        print("start-up with one keyed aggregation: default aggsize %.0f ms, "
              "aggsize=%d %.0f ms" % (statistics.median(ts), aggsize,
                                      statistics.median(tb)))
        # the default aggsize: what it keeps, and what dtrace says
        r = run([DTRACE, "-qn", dprog, "-c", work], denv, out)
        print("default aggsize: %d of %d keys kept; stderr:" % (r[2], a.n))
        for l in r[3][:3]:
            print("    " + l)
        if len(r[3]) > 3:
            print("    ... (%d lines)" % len(r[3]))
    finally:
        shutil.rmtree(tmp)


if __name__ == "__main__":
    main()
