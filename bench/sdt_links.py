#!/usr/bin/env python3
"""sdt_links.py - start and stop times of whole tracepoint groups enabled
as sdt probes on perf events (a clause reads an argument), as sdt probes
on BPF links (no clause reads one) and as rawtp probes (links).

For each group, runs N times (median printed):
  dtrace -qn 'PROBES { BODY } BEGIN { printf("up\\n"); exit(0); }'
and measures from fork to the "up" line (compile, load, attach, BEGIN:
the start) and from the "up" line to the process's exit (END, then every
attachment closed: the stop).  Removing a perf tracepoint event waits for
an RCU grace period under the kernel's event_mutex (~50 ms each here,
serialized); closing a BPF link does not wait.
Usage: bench/sdt_links.py [-n N] [GROUP ...]   (as root; default groups:
sched block ext4, and the perf runs are skipped for groups of more than
200 events unless --all)
"""
import os, statistics, subprocess, sys, time

top = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
dtrace = os.path.join(top, "build", "dtrace")
args = sys.argv[1:]
n = 3
allperf = False
groups = []
while args:
    a = args.pop(0)
    if a == "-n":
        n = int(args.pop(0))
    elif a == "--all":
        allperf = True
    else:
        groups.append(a)
groups = groups or ["sched", "block", "ext4"]

tracefs = "/sys/kernel/tracing"
if not os.path.exists(os.path.join(tracefs, "available_events")):
    tracefs = "/sys/kernel/debug/tracing"
with open(os.path.join(tracefs, "available_events")) as f:
    events = [l.strip().split(":", 1) for l in f if ":" in l]

def run(probes, body):
    prog = "%s { %s } BEGIN { printf(\"up\\n\"); exit(0); }" % (probes, body)
    t0 = time.perf_counter()
    p = subprocess.Popen([dtrace, "-qn", prog], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    line = p.stdout.readline()
    t1 = time.perf_counter()
    out, err = p.communicate()
    t2 = time.perf_counter()
    if p.returncode != 0 or line.strip() != "up":
        sys.exit("dtrace failed (%s): %s" % (p.returncode, err.strip()))
    return t1 - t0, t2 - t1

modes = [
    ("sdt, perf events", "sdt:%s::", "n += arg0 != 0;"),
    ("sdt, BPF links", "sdt:%s::", "n++;"),
    ("rawtp, BPF links", "rawtp:%s::", "n++;"),
]
print("%-8s %6s  %-18s %10s %10s %10s" % ("group", "events", "attachment", "start", "stop", "total"))
for g in groups:
    k = sum(1 for c, _ in events if c == g)
    if not k:
        print("%-8s: no such tracepoint group" % g)
        continue
    for name, pat, body in modes:
        if "perf" in name and k > 200 and not allperf:
            continue
        runs = [run(pat % g, body) for _ in range(n)]
        s = statistics.median(r[0] for r in runs)
        e = statistics.median(r[1] for r in runs)
        t = statistics.median(r[0] + r[1] for r in runs)
        print("%-8s %6d  %-18s %8.0f ms %8.0f ms %8.0f ms" % (g, k, name, s * 1e3, e * 1e3, t * 1e3))
        sys.stdout.flush()
