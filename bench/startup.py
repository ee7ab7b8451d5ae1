#!/usr/bin/env python3
"""startup.py - wall time and peak memory of a trivial trace, ours vs bpftrace.

Runs `dtrace -qn 'BEGIN { exit(0); }'` and `bpftrace -e 'BEGIN { exit(); }'`
alternately N times on the same machine in the same run, and prints the
median and mean wall time and the peak RSS of each, and their ratio.
Usage: bench/startup.py [N]   (as root; default N = 20)
"""
import os, resource, shutil, statistics, subprocess, sys, time

N = int(sys.argv[1]) if len(sys.argv) > 1 else 20
top = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
cmds = {
    "dtrace": [os.path.join(top, "build", "dtrace"), "-qn", "BEGIN { exit(0); }"],
}
if shutil.which("bpftrace"):
    cmds["bpftrace"] = ["bpftrace", "-e", "BEGIN { exit(); }"]

def run(cmd):
    t0 = time.perf_counter()
    pid = os.fork()
    if pid == 0:
        fd = os.open(os.devnull, os.O_WRONLY)
        os.dup2(fd, 1); os.dup2(fd, 2)
        os.execvp(cmd[0], cmd)
    _, status, ru = os.wait4(pid, 0)
    dt = time.perf_counter() - t0
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{cmd[0]} failed: status {status}")
    return dt, ru.ru_maxrss

res = {k: ([], []) for k in cmds}
for _ in range(N):
    for k, c in cmds.items():
        t, rss = run(c)
        res[k][0].append(t); res[k][1].append(rss)

print(f"{'tool':10} {'median ms':>10} {'mean ms':>10} {'peak RSS MiB':>13}   (N={N})")
for k, (ts, rs) in res.items():
    print(f"{k:10} {statistics.median(ts)*1e3:10.1f} {statistics.mean(ts)*1e3:10.1f} {max(rs)/1024:13.1f}")
if "bpftrace" in res:
    r = statistics.median(res["bpftrace"][0]) / statistics.median(res["dtrace"][0])
    print(f"bpftrace / dtrace median wall time: {r:.1f}x")
