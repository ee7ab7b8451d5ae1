#!/usr/bin/env python3
"""sched.py - the sched provider against bpftrace: cost per context switch
of a counting probe, and start-up + teardown, as ratios.

  dtrace    build/dtrace -qn 'sched:::on-cpu { @[execname] = count(); }'
  bpftrace  bpftrace -e 'tracepoint:sched:sched_switch { @[comm] = count(); }'

Probe cost: bench/switch_loop.c (two processes pinned to one CPU passing a
byte over pipes; prints its context switches and the CPU time, user +
system, both processes spent per switch: less sensitive than wall time
to other tasks on a busy machine) runs with
no tracer, then under each tracer (started, waited for until its BEGIN
clause prints "ready", i.e. everything is attached, stopped with SIGINT
after the run), for R rounds in an order that rotates every round.  The
overhead per switch is paired per round (tracer minus the no-tracer run
of the same round), and the median over rounds is reported.  Each switch
fires one on-cpu (sched_exit_tp, in the thread coming on) and one
sched_switch, so both tracers count once per switch.

The BPF programs' own cost is also read from the kernel's statistics
(kernel.bpf_stats_enabled set to 1 for the run, then restored):
run_time_ns / run_cnt of each tracer's busiest program, from its fdinfo.
It leaves out the attach point (a perf tracepoint for bpftrace, which
formats the event's record first; a raw tracepoint for dtrace).

Start-up + teardown: the wall time of the whole command with the same
probe and a BEGIN clause that exits at once (everything is loaded and
attached before BEGIN runs, then detached), alternated, median of R.

Usage: bench/sched.py [-n N] [-r R] [--dtrace PATH] [--strsize S]
       (as root; N = 200000 round trips, R = 5)
"""
import argparse, os, signal, statistics, subprocess, sys, time
from bpfstats import prog_stats

here = os.path.dirname(os.path.abspath(__file__))
top = os.path.dirname(here)
bdir = os.path.join(here, "build")

D_PROBE = 'sched:::on-cpu { @[execname] = count(); }'
BT_PROBE = 'tracepoint:sched:sched_switch { @[comm] = count(); }'


DOPTS = []
STATS = {"dtrace": [], "bpftrace": []}    # BPF program ns per run, per round


def tracer_cmd(name, dtrace, begin):
    if name == "dtrace":
        return [dtrace] + DOPTS + ["-qn", D_PROBE + " BEGIN { " + begin["dtrace"] + " }"]
    return ["bpftrace", "-e", BT_PROBE + " BEGIN { " + begin["bpftrace"] + " }"]


def workload(n):
    out = subprocess.run([os.path.join(bdir, "switch_loop"), str(n)],
                         capture_output=True, text=True, check=True).stdout
    vals = dict(line.split() for line in out.splitlines())
    return float(vals["cpu_ns_per_switch"]), int(vals["switches"])




def under(name, dtrace, n):
    cmd = tracer_cmd(name, dtrace, {"dtrace": 'printf("ready\\n");',
                                    "bpftrace": 'printf("ready\\n");'})
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                         text=True, start_new_session=True)
    try:
        deadline = time.time() + 30
        while time.time() < deadline:
            line = p.stdout.readline()
            if not line:
                raise RuntimeError(f"{name} exited before it was ready")
            if line.strip() == "ready":
                break
        else:
            raise RuntimeError(f"{name} not ready in 30 s")
        before = prog_stats(p.pid)
        res = workload(n)
        after = prog_stats(p.pid)
        runs = after[0] - before[0]
        STATS[name].append((after[1] - before[1]) / runs if runs > 0 else float("nan"))
        return res
    finally:
        try:
            os.killpg(p.pid, signal.SIGINT)
            p.communicate(timeout=20)
        except Exception:
            os.killpg(p.pid, signal.SIGKILL)
            p.wait()


def startup(name, dtrace):
    cmd = tracer_cmd(name, dtrace, {"dtrace": "exit(0);", "bpftrace": "exit();"})
    t0 = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   check=True, timeout=60)
    return (time.perf_counter() - t0) * 1e3


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-n", type=int, default=200000)
    ap.add_argument("-r", type=int, default=5)
    ap.add_argument("--dtrace", default=os.path.join(top, "build", "dtrace"))
    ap.add_argument("--strsize", type=int,
                    help="dtrace -x strsize=N (execname keys are strsize bytes; "
                    "bpftrace's comm keys are 16)")
    a = ap.parse_args()
    if a.strsize:
        DOPTS.extend(["-x", f"strsize={a.strsize}"])
    os.makedirs(bdir, exist_ok=True)
    subprocess.run(["gcc", "-O2", "-o", os.path.join(bdir, "switch_loop"),
                    os.path.join(here, "switch_loop.c")], check=True)
    tracers = ["dtrace", "bpftrace"]
    print(f"load average {os.getloadavg()[0]:.2f}")
    stats_path = "/proc/sys/kernel/bpf_stats_enabled"
    old_stats = open(stats_path).read().strip()
    open(stats_path, "w").write("1")
    try:
        cost(a, tracers)
    finally:
        open(stats_path, "w").write(old_stats)


def cost(a, tracers):

    base, over = [], {t: [] for t in tracers}
    raw = {t: [] for t in tracers}
    for r in range(a.r):
        order = ["none"] + tracers
        order = order[r % 3:] + order[:r % 3]
        got = {}
        for t in order:
            got[t] = workload(a.n)[0] if t == "none" else under(t, a.dtrace, a.n)[0]
        base.append(got["none"])
        for t in tracers:
            raw[t].append(got[t])
            over[t].append(got[t] - got["none"])
        print(f"round {r + 1}: " + ", ".join(f"{t} {got[t]:.1f}" for t in order) +
              " ns/switch", flush=True)
    print(f"\nno tracer: median {statistics.median(base):.1f} ns/switch")
    for t in tracers:
        print(f"{t}: median {statistics.median(raw[t]):.1f} ns/switch, "
              f"overhead {statistics.median(over[t]):.1f} ns/switch (paired median)")
    d, b = statistics.median(over["dtrace"]), statistics.median(over["bpftrace"])
    print(f"probe cost dtrace / bpftrace: {d / b:.2f}x" if b > 0 else "bpftrace overhead <= 0")
    for t in tracers:
        print(f"{t}: BPF program {statistics.median(STATS[t]):.1f} ns per run "
              f"(kernel.bpf_stats_enabled, median of rounds)")
    print(f"BPF program dtrace / bpftrace: "
          f"{statistics.median(STATS['dtrace']) / statistics.median(STATS['bpftrace']):.2f}x")

    st = {t: [] for t in tracers}
    for r in range(a.r):
        for t in (tracers if r % 2 == 0 else tracers[::-1]):
            st[t].append(startup(t, a.dtrace))
    for t in tracers:
        print(f"{t}: start-up + teardown median {statistics.median(st[t]):.1f} ms "
              f"(min {min(st[t]):.1f}, max {max(st[t]):.1f})")
    print(f"start-up + teardown dtrace / bpftrace: "
          f"{statistics.median(st['dtrace']) / statistics.median(st['bpftrace']):.2f}x")


if __name__ == "__main__":
    if os.geteuid() != 0:
        sys.exit("sched.py: run as root")
    main()
