#!/usr/bin/env python3
"""ustack_cost.py - what ustack() costs per firing in each -x ustackmode.

Builds bench/getppid_loop.c (-O2, no frame pointers, as Debian builds) and
runs it (N getppid() calls pinned to one CPU, prints ns/call) with no tracer,
then under

  dtrace -x ustackmode=MODE -x bufsize=B -qn
      'syscall::getppid:entry /pid == $target/ { ustack(); }' -o /dev/null

for MODE fp and dwarf, R rounds (with --agg, '@[ustack()] = count()'
instead of the ustack() action: with dwarf the consumer unwinds and
aggregates each firing's record).  Reports per mode the median ns/call of
the workload (the probe cost: its overhead over no tracer), the record
size (output buffer bytes per firing; with dwarf at most that: a record
ending in the stack window is written only up to the bytes copied), the consumer's CPU time per record
(dtrace's user + system time over a run of N calls less that over a run
of 1 call, per firing: reading, unwinding, symbolizing, printing), and
the drops dtrace reported.  Times are the workload thread's CPU time per
call (getppid_loop's second column: preemption by other load does not
count), medians over the rounds.

Usage: bench/ustack_cost.py [-n N] [-r R] [--agg] [--dtrace PATH]   (as root)
"""
import argparse, os, re, statistics, subprocess, sys

here = os.path.dirname(os.path.abspath(__file__))
top = os.path.dirname(here)


def run(cmd):
    """(stdout, stderr, child CPU seconds) of cmd"""
    before = os.times()
    p = subprocess.run(cmd, capture_output=True, text=True)
    after = os.times()
    cpu = (after.children_user - before.children_user) + \
        (after.children_system - before.children_system)
    return p.stdout, p.stderr, cpu


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-n", type=int, default=20000)
    ap.add_argument("-r", type=int, default=3)
    ap.add_argument("--agg", action="store_true")
    ap.add_argument("--dtrace", default=os.path.join(top, "build", "dtrace"))
    a = ap.parse_args()
    bdir = os.path.join(here, "build")
    os.makedirs(bdir, exist_ok=True)
    loop = os.path.join(bdir, "getppid_loop_nofp")
    subprocess.check_call(["cc", "-O2", "-fomit-frame-pointer", "-o", loop,
                           os.path.join(here, "getppid_loop.c")])
    cpu = str(os.cpu_count() - 1)
    firings = a.n + a.n // 10
    res = {"none": [], "fp": [], "dwarf": []}
    cons = {"fp": [], "dwarf": []}
    drops = {"fp": 0, "dwarf": 0}
    def traced(mode, n):
        out, err, t = run([a.dtrace, "-x", "ustackmode=" + mode, "-x", "bufsize=64m",
                           "-x", "switchrate=20hz", "-o", "/dev/null", "-qn",
                           "syscall::getppid:entry /pid == $target/ { %s }" %
                           ("@[ustack()] = count();" if a.agg else "ustack();"),
                           "-c", "%s %d %s" % (loop, n, cpu)])
        m = re.match(r"([0-9.]+) ([0-9.]+) ", out)
        if not m:
            sys.exit("no workload output: " + out + err)
        return float(m.group(2)), t, sum(int(d) for d in re.findall(r"(\d+) drops", err))

    for _ in range(a.r):
        out, _, _ = run([loop, str(a.n), cpu])
        res["none"].append(float(out.split()[1]))
        for mode in ("fp", "dwarf"):
            ns, t, dr = traced(mode, a.n)
            _, t1, _ = traced(mode, 1)
            res[mode].append(ns)
            cons[mode].append((t - t1) / (firings - 1))
            drops[mode] += dr
    base = statistics.median(res["none"])
    size = {"fp": 0 if a.agg else 8 + 8 * 100,
            "dwarf": (8 + 8 * 100) * (2 if a.agg else 1) + 168 + 8 + 8192}
    print("firings per run: %d (N=%d + N/10 warm-up), %d rounds" % (firings, a.n, a.r))
    print("none : %.3f us/call" % (base / 1000))
    for mode in ("fp", "dwarf"):
        med = statistics.median(res[mode])
        print("%-5s: %.3f us/call, probe cost %.3f us/firing, record at most %d bytes, "
              "consumer %.1f us/record, drops %d" % (
                  mode, med / 1000, (med - base) / 1000, size[mode],
                  statistics.median(cons[mode]) * 1e6, drops[mode]))


if __name__ == "__main__":
    main()
