#!/usr/bin/env python3
"""output.py - what JSON Lines output costs against text, per record.

For each round, in an order that alternates from round to round, runs for
oformat=text and oformat=json

  build/dtrace -q -x oformat=FMT -x bufsize=B -x strsize=32 -o FILE -n '
      syscall::getppid:entry /execname == "getppid_loop"/
          { printf("%d %s %d\\n", pid, execname, arg0); }
      syscall::getppid:entry /pid == DRIVER && !ready/ { ready = 1; }
      syscall::exit_group:entry /execname == "getppid_loop"/ { exit(0); }'

pinned to one CPU, waits until its probes fire (the driver calls getppid
until the file holds the ready record), then runs the workload
bench/build/getppid_loop N (N/10 warm-up and N timed getppid() calls on
the other CPU), after which dtrace exits by itself.  dtrace's CPU time is
the rusage of its wait4 (user + system; the workload is the driver's child,
not dtrace's), so it covers reading the buffers and writing every record.
The record count is checked: every call must be in the file (no drops;
the buffer holds the whole run).  Each format also runs a workload of
1,000 calls: what that run costs (start-up, mapping the buffers, exit) is
subtracted, so the figure is the marginal CPU time per record.

Reports per format the median CPU time of both runs, the records per CPU
second and the CPU microseconds per record (marginal), the bytes written
per record, and the ratio json / text of the CPU per record.  All in one
run on one machine: compare the ratio.

Usage: bench/output.py [-n N] [-r R] [--dtrace PATH]
       (as root; defaults N = 500000, R = 5)
"""
import argparse, os, statistics, subprocess, sys, tempfile, time

from probe_cost import WORKLOAD, build

here = os.path.dirname(os.path.abspath(__file__))
top = os.path.dirname(here)
bdir = os.path.join(here, "build")
PROG = """
syscall::getppid:entry /execname == "getppid_loop"/
{ printf("%%d %%s %%d\\n", pid, execname, arg0); }
syscall::getppid:entry /pid == %d && !ready/ { ready = 1; trace("ready"); }
syscall::exit_group:entry /execname == "getppid_loop"/ { exit(0); }
"""


def die(msg):
    sys.exit(f"output: {msg}")


def records(path, fmt):
    """the workload's records in the output file"""
    n = 0
    with open(path, "rb") as f:
        for line in f:
            if fmt == "text":
                n += line.endswith(b" getppid_loop 0\n")
            else:
                n += b'"type":"printf"' in line and b'getppid_loop 0\\n"' in line
    return n


def run(args, n, fmt, out, cpus):
    """one dtrace run: (CPU seconds of dtrace, records written)"""
    if os.path.exists(out):
        os.unlink(out)
    cmd = ["taskset", "-c", str(cpus[0]), args.dtrace, "-q", "-x", f"oformat={fmt}",
           "-x", "bufsize=%s" % args.bufsize, "-x", "strsize=32", "-x", "switchrate=10ms",
           "-o", out, "-n", PROG % os.getpid()]
    d = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE)
    t0 = time.monotonic()
    while True:             # attached once our own getppid is traced
        os.getppid()
        if os.path.exists(out) and b"ready" in open(out, "rb").read():
            break
        if d.poll() is not None or time.monotonic() - t0 > 20:
            d.kill()
            die(f"dtrace did not start: {d.stderr.read().decode()}")
        time.sleep(0.01)
    w = subprocess.run([os.path.join(bdir, "getppid_loop"), str(n), str(cpus[-1])],
                       capture_output=True, text=True, timeout=600)
    if w.returncode != 0:
        d.kill()
        die(f"workload failed: {w.stderr}")
    try:
        _, status, ru = os.wait4(d.pid, 0)
    finally:
        if d.poll() is None:
            d.kill()
    err = d.stderr.read().decode()
    if status != 0:
        die(f"dtrace exited with status {status}: {err}")
    return ru.ru_utime + ru.ru_stime, records(out, fmt), err


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-n", type=int, default=500000, help="timed getppid calls a run")
    ap.add_argument("-r", type=int, default=5, help="rounds")
    ap.add_argument("--bufsize", default="256m", help="dtrace's bufsize (no drops)")
    ap.add_argument("--dtrace", default=os.path.join(top, "build", "dtrace"))
    args = ap.parse_args()
    if os.geteuid() != 0:
        die("run as root")
    cpus = sorted(os.sched_getaffinity(0))
    if len(cpus) < 2:
        die("needs two CPUs: dtrace on one, the workload on another")
    build([WORKLOAD])
    calls = {"small": 1000, "full": args.n}
    want = {k: n + n // 10 for k, n in calls.items()}
    cpu = {(f, k): [] for f in ("text", "json") for k in calls}
    with tempfile.TemporaryDirectory() as tmp:
        for r in range(args.r):
            order = ["text", "json"] if r % 2 == 0 else ["json", "text"]
            for fmt in order:
                for k in ("small", "full"):
                    out = os.path.join(tmp, f"out.{fmt}.{k}")
                    secs, n, err = run(args, calls[k], fmt, out, cpus)
                    if n != want[k]:
                        die(f"{fmt}: {n} records of {want[k]} in the file (drops?): {err}")
                    cpu[fmt, k].append(secs)
                    print(f"round {r + 1} {fmt:4} {k:5}: {secs:.3f} s CPU, {n} records",
                          flush=True)
        size = {f: os.path.getsize(os.path.join(tmp, f"out.{f}.full")) for f in ("text", "json")}
    recs = want["full"] - want["small"]
    print()
    print(f"{want['full']} records a run (less a run of {want['small']}), {args.r} rounds, medians")
    print(f"{'format':6} {'CPU s':>8} {'small run':>10} {'records/CPU s':>14} {'us/record':>10}"
          f" {'bytes/record':>13}")
    per = {}
    for fmt in ("text", "json"):
        full, small = statistics.median(cpu[fmt, "full"]), statistics.median(cpu[fmt, "small"])
        per[fmt] = (full - small) / recs
        print(f"{fmt:6} {full:8.3f} {small:10.3f} {1 / per[fmt]:14,.0f} {per[fmt] * 1e6:10.3f}"
              f" {size[fmt] / want['full']:13.1f}")
    print(f"json / text CPU per record: {per['json'] / per['text']:.2f}x")


if __name__ == "__main__":
    main()
