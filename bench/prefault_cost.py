#!/usr/bin/env python3
"""prefault_cost.py - what the sleepable prefault companion costs per firing.

Runs bench/prefault_loop.c (N calls of take_string(), on a present page or
each on a fresh never-touched page) under

  dtrace -qn 'pid$target::take_string:entry { CLAUSE }'

with CLAUSE `@ = count();` (no user read: no companion) and
`@[copyinstr(arg0)] = count();` (a companion), with kernel.bpf_stats_enabled
set, and reports each BPF program's mean run time per firing (run_time_ns /
run_cnt from /proc/PID/fdinfo, read while dtrace holds them), the
workload's mean ns per call, and how many firings read the string (the
aggregation's count of the right key).  Needs the pid provider.

Usage: bench/prefault_cost.py [-n N] [--dtrace PATH]   (as root)
"""
import argparse, os, re, subprocess, sys, time

here = os.path.dirname(os.path.abspath(__file__))
top = os.path.dirname(here)


def progs(pid):
    """[(prog_id, run_cnt, run_time_ns)] of the BPF programs pid holds"""
    out = []
    try:
        fds = os.listdir(f"/proc/{pid}/fd")
    except OSError:
        return out
    for fd in fds:
        try:
            info = open(f"/proc/{pid}/fdinfo/{fd}").read()
        except OSError:
            continue
        if "prog_type:" not in info:
            continue
        f = dict(l.split(":", 1) for l in info.splitlines() if ":" in l)
        out.append((int(f["prog_id"]), int(f.get("run_cnt", "0")),
                    int(f.get("run_time_ns", "0"))))
    return out


def name_of(pid_):
    p = subprocess.run(["bpftool", "prog", "show", "id", str(pid_)],
                       capture_output=True, text=True)
    m = re.search(r"name (\S+)", p.stdout)
    return m.group(1) if m else "?"


def one(dtrace, loop, n, mode, clause):
    cmd = [dtrace, "-qn", "pid$target::take_string:entry { %s }" % clause,
           "-c", "%s %d %s" % (loop, n, mode)]
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    last, names = {}, {}
    while p.poll() is None:
        for pid_, cnt, ns in progs(p.pid):
            last[pid_] = (cnt, ns)
            if pid_ not in names:
                names[pid_] = name_of(pid_)
        time.sleep(0.05)
    out, err = p.communicate()
    m = re.search(r"(\d+) ns/call", err)
    key = re.search(r"/etc/a/path/name/of/some/length\s+(\d+)", out)
    return last, names, m.group(1) if m else "?", key.group(1) if key else "0", err


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-n", type=int, default=20000)
    ap.add_argument("--dtrace", default=os.path.join(top, "build", "dtrace"))
    a = ap.parse_args()
    bdir = os.path.join(here, "build")
    os.makedirs(bdir, exist_ok=True)
    loop = os.path.join(bdir, "prefault_loop")
    subprocess.check_call(["cc", "-O2", "-o", loop, os.path.join(here, "prefault_loop.c")])
    old = open("/proc/sys/kernel/bpf_stats_enabled").read().strip()
    open("/proc/sys/kernel/bpf_stats_enabled", "w").write("1")
    try:
        for mode in ("present", "fresh"):
            for clause in ("@ = count();", "@[copyinstr(arg0)] = count();"):
                last, names, ns, hits, err = one(a.dtrace, loop, a.n, mode, clause)
                if not last:
                    print("no programs seen:", err.strip(), file=sys.stderr)
                    return 1
                progs_s = ", ".join("%s %.0f ns x %d" % (names[i], c[1] / c[0] if c[0] else 0, c[0])
                                    for i, c in sorted(last.items()) if c[0])
                print("%-7s %-32s workload %s ns/call; %s; string read %s/%d" %
                      (mode, clause, ns, progs_s, hits if "copyinstr" in clause else "-", a.n))
    finally:
        open("/proc/sys/kernel/bpf_stats_enabled", "w").write(old)
    return 0


if __name__ == "__main__":
    sys.exit(main())
