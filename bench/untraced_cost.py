#!/usr/bin/env python3
"""untraced_cost.py - what enabled syscall probes cost the calls they do not trace.

The workload is bench/getppid_loop (getppid() in a tight loop, pinned to one
CPU, ns per call).  getppid is never enabled: each tracer enables the first
K other system calls (K = 1, 10, 100 and all), on entry only and on entry
and return, with a clause that counts, and the loop's ns per call minus the
same round's run without a tracer is what each untraced call pays.

  dtrace    build/dtrace -qn 'syscall::A:entry,syscall::B:entry,... { @ = count(); }'
  bpftrace  bpftrace -e 'tracepoint:syscalls:sys_enter_A,... { @ = count(); }'

Only system calls with an entry and an exit tracepoint that both tracers
can name are used, in name order (getppid left out).  R rounds, the order
of the tracers rotating; the overhead is the median over rounds of the
paired difference.  Also the time to arm every syscall probe (entry and
return) with dtrace: the wall time of a run whose BEGIN exits at once,
less that of `BEGIN { exit(0); }`.

Usage: bench/untraced_cost.py [-n N] [-r R] [--sizes 1,10,100,all]
                              [--cpu CPU] [--dtrace PATH] [--no-bpftrace]
       (as root; defaults N = 3000000, R = 3)
Ratios are printed, never asserted: compare them, not the ns.
"""
import argparse, os, shutil, signal, statistics, subprocess, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import probe_cost as pc  # noqa: E402  (Tracer, workload, build, cleanup)

TRACEFS = "/sys/kernel/tracing/events/syscalls"


def syscalls():
    """names with both tracepoints, sorted, getppid left out"""
    try:
        ev = set(os.listdir(TRACEFS))
    except OSError:
        pc.die(f"cannot list {TRACEFS} (tracefs mounted?)")
    return sorted(e[len("sys_enter_"):] for e in ev
                  if e.startswith("sys_enter_") and
                  "sys_exit_" + e[len("sys_enter_"):] in ev and
                  e != "sys_enter_getppid")


def scripts(names, ret):
    dirs = ("entry", "return") if ret else ("entry",)
    bdirs = ("enter", "exit") if ret else ("enter",)
    d = ",".join(f"syscall::{n}:{x}" for n in names for x in dirs)
    b = ",".join(f"tracepoint:syscalls:sys_{x}_{n}" for n in names for x in bdirs)
    return d + " { @ = count(); }", b + " { @ = count(); }"


def arm_time(dt, reps=3):
    """median wall s of arming every syscall probe, less a bare start"""
    def run(script):
        t = []
        for _ in range(reps):
            t0 = time.monotonic()
            r = subprocess.run([dt, "-qn", script], capture_output=True, text=True,
                               timeout=300)
            t.append(time.monotonic() - t0)
            if r.returncode != 0:
                return None, r.stderr.strip().splitlines()[:1]
        return statistics.median(t), None
    base, err = run("BEGIN { exit(0); }")
    full, err2 = run("syscall:::entry,syscall:::return { @ = count(); } "
                     "BEGIN { exit(0); }")
    if base is None or full is None:
        return None, err or err2
    return full - base, None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", type=int, default=3_000_000)
    ap.add_argument("-r", type=int, default=3)
    ap.add_argument("--sizes", default="1,10,100,all")
    ap.add_argument("--cpu", type=int, default=None)
    ap.add_argument("--dtrace", default=os.path.join(pc.top, "build", "dtrace"))
    ap.add_argument("--no-bpftrace", action="store_true")
    ap.add_argument("--no-return", action="store_true",
                    help="entry probes only")
    a = ap.parse_args()
    if os.geteuid() != 0:
        pc.die("must run as root")
    pc.build(progs=(pc.WORKLOAD,))
    pc.HAVE_BPFTOOL = pc.prog_ids() is not None
    names = syscalls()
    sizes = []
    for s in a.sizes.split(","):
        sizes.append(len(names) if s == "all" else min(int(s), len(names)))
    have_bt = not a.no_bpftrace and shutil.which("bpftrace")
    print(f"{os.cpu_count()} CPUs, load {os.getloadavg()[0]:.2f}; "
          f"{len(names)} system calls besides getppid; "
          f"DTRACE_SYSCALL_TPMAX={os.environ.get('DTRACE_SYSCALL_TPMAX', 'default')}",
          flush=True)
    rows = []
    for ret in ((False,) if a.no_return else (False, True)):
        for k in sizes:
            dscript, bscript = scripts(names[:k], ret)
            tr = [pc.Tracer("none", None),
                  pc.Tracer("dtrace", [a.dtrace, "-qn", dscript])]
            if have_bt:
                tr.append(pc.Tracer("bpftrace", ["bpftrace", "-e", bscript],
                                    ready=r"Attaching"))
            by = [{} for _ in range(a.r)]
            for rnd in range(a.r):
                order = tr[rnd % len(tr):] + tr[:rnd % len(tr)]
                for t in order:
                    if t.error:
                        continue
                    if t.cmd:
                        err = t.start()
                        if err:
                            t.error = err
                            print(f"  {t.name}: not available ({err})", flush=True)
                            continue
                    try:
                        ns, _ = pc.workload(a.n, a.cpu)
                    finally:
                        if t.cmd:
                            t.stop()
                    by[rnd][t.name] = ns
            ov = {}
            for t in tr[1:]:
                d = [b[t.name] - b["none"] for b in by if t.name in b and "none" in b]
                if d:
                    ov[t.name] = statistics.median(d)
            label = f"{k if k < len(names) else 'all'} {'entry+return' if ret else 'entry'}"
            dt, bt = ov.get("dtrace"), ov.get("bpftrace")
            ratio = dt / bt if dt is not None and bt else None
            rows.append((label, dt, bt, ratio))
            print(f"{label:18} dtrace {dt if dt is not None else float('nan'):7.1f} ns"
                  f"  bpftrace {bt if bt is not None else float('nan'):7.1f} ns"
                  f"  ratio {ratio if ratio is not None else float('nan'):5.2f}x",
                  flush=True)
    print()
    print("extra ns per untraced getppid() call (median of paired rounds)")
    print(f"{'enabled':18} {'dtrace':>8} {'bpftrace':>9} {'dtrace/bpftrace':>16}")
    for label, dt, bt, ratio in rows:
        f = lambda v: f"{v:8.1f}" if v is not None else "     n/a"
        print(f"{label:18} {f(dt)} {f(bt):>9} "
              f"{(f'{ratio:15.2f}x' if ratio is not None else '            n/a')}")
    t, err = arm_time(a.dtrace)
    print()
    print(f"arm every syscall probe (entry+return): "
          f"{f'{t:.3f} s' if t is not None else f'failed: {err}'} (dtrace, less a bare start)")
    return 0


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, pc.on_signal)
    signal.signal(signal.SIGHUP, pc.on_signal)
    rc = 1
    try:
        rc = main()
    except KeyboardInterrupt:
        rc = 130
    finally:
        pc.cleanup()
    sys.exit(rc)
