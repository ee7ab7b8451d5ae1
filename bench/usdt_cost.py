#!/usr/bin/env python3
"""usdt_cost.py - per-firing cost of a USDT probe, and of a disabled one.

Builds bench/usdt_loop.c (twice: with its usdtbench:tick probe, and with
-DNO_PROBE) and bench/libbpf_usdt.c into bench/build/, then for each tracer

  none       usdt_loop, no tracer (the probe is a nop, not enabled)
  noprobe    usdt_loop_noprobe, no tracer: the loop without the probe;
             none minus noprobe is the cost of a disabled probe
  libbpf     bench/build/libbpf_usdt -p PID usdt_loop usdtbench tick:
             hand-written BPF, per-CPU counter, one perf-event uprobe per
             site of the note, the task's
  libbpf-multi  the same with -m: one multi-uprobe link for the sites, with
             the task's pid filter, as dtrace attaches (the two libbpf
             rows give what the kind of attachment costs a firing)
  bpftrace   bpftrace -p PID -e 'usdt:usdt_loop:usdtbench:tick { @ = count(); }'
  dtrace     build/dtrace -p PID -qn 'usdtbench$target:::tick { @ = count(); }'

runs the workload (usdt_loop -w N: waits on stdin, then N/10 warm-up and N
timed firings, pinned to one CPU) under it, as bench/pid_cost.py does (its
Tracer class and helpers are reused): started on the workload's pid, the
run starts once the tracer's ready line is out, each tracer's count is
checked against the firings (N + N/10); R rounds, the order rotating.

With --python it measures python*:::function-entry instead: the workload
is python3.11 running a loop of N calls of a one-line function (bench's
own text, below).  Python 3.11 only reaches its function-entry/-return
checks on the tracing path of its interpreter loop, which the line
probe's semaphore turns on: function-entry enabled alone never fires (it
is its semaphore test, nothing more), so each tracer enables both
function-entry and line, counted together (4 firings a call: the loop's
two lines, f's entry and f's line): no tracer vs libbpf_usdt (the semaphores
counted up through the perf events' ref_ctr_offset) vs bpftrace's usdt
probes vs dtrace 'python$target:::function-entry,python$target:::line
{ @ = count(); }'; each count must be at least the calls made.

Figures: the workload thread's CPU time per firing (the trap and the BPF
program run in it), overhead = tracer minus the paired no-tracer run,
median over rounds, and ratios.  All on one machine in one run: compare
the ratios, not the ns.

Usage: bench/usdt_cost.py [-n N] [-r R] [--cpu CPU] [--dtrace PATH]
                          [--quick] [--python]
       (as root; defaults N = 100000, R = 5; --quick: N = 10000, R = 1)
"""
import argparse, os, shutil, signal, statistics, subprocess, sys, time

here = os.path.dirname(os.path.abspath(__file__))
top = os.path.dirname(here)
bdir = os.path.join(here, "build")
sys.path.insert(0, here)
import pid_cost  # noqa: E402
from pid_cost import Tracer, kill_group, enable_bpf_stats, prog_ns  # noqa: E402
from probe_cost import child_setup, prog_ids  # noqa: E402

PYTHON = "/usr/bin/python3.11"
# The Python workload: waits for a byte on stdin, N/10 warm-up and N timed
# calls of f, prints the usdt_loop line, waits for EOF.
PY_LOOP = r"""
import os, sys, time
def f(x):
    return x
n = int(sys.argv[1])
os.sched_setaffinity(0, {int(sys.argv[2])})
sys.stdin.read(1)
for i in range(n // 10):
    f(i)
w0 = time.monotonic_ns(); c0 = time.thread_time_ns()
for i in range(n):
    f(i)
c1 = time.thread_time_ns(); w1 = time.monotonic_ns()
print(f"{(w1 - w0) / n:.3f} {(c1 - c0) / n:.3f} 0 {n + n // 10}", flush=True)
sys.stdin.read()
"""


def die(msg):
    sys.exit(f"usdt_cost: {msg}")


def build():
    os.makedirs(bdir, exist_ok=True)
    cc = os.environ.get("CC", "gcc")
    if not shutil.which(cc):
        die(f"no C compiler '{cc}' (set CC)")
    for src, out, extra in (("usdt_loop.c", "usdt_loop", []),
                            ("usdt_loop.c", "usdt_loop_noprobe",
                             ["-DNO_PROBE"]),
                            ("libbpf_usdt.c", "libbpf_usdt",
                             ["-lbpf", "-lelf"])):
        cmd = [cc, "-O2", "-Wall", "-Wextra", "-Werror", "-o",
               os.path.join(bdir, out), os.path.join(here, src)] + extra
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        if r.returncode != 0:
            die(f"build of {src} failed:\n{' '.join(cmd)}\n{r.stderr}")


def run_loop(cmd, tracer):
    """One workload run of CMD under TRACER (None: no tracer): (wall,
    cpu ns per firing, firings, count or None, error or None, program ns)"""
    live = pid_cost.live
    loop = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True,
                            start_new_session=True, preexec_fn=child_setup)
    live.append(loop)
    count = pns = None
    out = ""
    try:
        if tracer:
            err = tracer.start(loop.pid)
            if err:
                return None, None, None, None, err, None
        loop.stdin.write("g")
        loop.stdin.flush()
        out = loop.stdout.readline()
        if tracer:
            pns = prog_ns(tracer.proc.pid)
        rest, errout = loop.communicate(timeout=120)
        if loop.returncode != 0 or not out:
            die(f"workload failed: {errout.strip()}")
    finally:
        if tracer and tracer.proc and tracer.proc in live:
            count = tracer.stop()
        if loop.poll() is None:
            kill_group(loop, ((signal.SIGKILL, 3),))
        loop.wait()
        live.remove(loop)
    f = out.split()
    return float(f[0]), float(f[1]), int(f[3]), count, None, pns


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", type=int, default=None)
    ap.add_argument("-r", type=int, default=None)
    ap.add_argument("--cpu", type=int, default=os.cpu_count() - 1)
    ap.add_argument("--dtrace", default=os.path.join(top, "build", "dtrace"))
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--python", action="store_true",
                    help="python*:::function-entry over a Python loop")
    a = ap.parse_args()
    n = a.n or (10_000 if a.quick else 100_000)
    rounds = a.r or (1 if a.quick else 5)
    if os.geteuid() != 0:
        die("must run as root")
    build()
    stats_fd = enable_bpf_stats()
    before = prog_ids()
    print(f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f} "
          f"before the run", flush=True)

    loop = os.path.join(bdir, "usdt_loop")
    ready = 'BEGIN { printf("ready\\n"); }'
    tracers = [None]
    work = {}
    if a.python:
        if not os.access(PYTHON, os.X_OK):
            die(f"no {PYTHON}")
        cmd = [PYTHON, "-c", PY_LOOP, str(n), str(a.cpu)]
        work[None] = cmd
        exact = False
        for tn, m in (("libbpf", []), ("libbpf-multi", ["-m"])):
            tracers.append(Tracer(tn, lambda p, m=m: [
                os.path.join(bdir, "libbpf_usdt")] + m + ["-p", str(p), PYTHON,
                "python", "function__entry", "line"], r"^count (\d+)",
                stop_by_eof=True))
        if shutil.which("bpftrace"):
            tracers.append(Tracer("bpftrace", lambda p: [
                "bpftrace", "-p", str(p), "-e",
                f"usdt:{PYTHON}:python:function__entry,"
                f"usdt:{PYTHON}:python:line {{ @ = count(); }} "
                + ready], r"^@: (\d+)"))
        tracers.append(Tracer("dtrace", lambda p: [
            a.dtrace, "-p", str(p), "-qn",
            "python$target:::function-entry, python$target:::line "
            "{ @ = count(); } " + ready],
            r"^\s*(\d+)\s*$", exits_with_target=True))
    else:
        work[None] = [loop, "-w", str(n), str(a.cpu)]
        work["noprobe"] = [loop + "_noprobe", "-w", str(n), str(a.cpu)]
        exact = True
        tracers.append("noprobe")
        for tn, m in (("libbpf", []), ("libbpf-multi", ["-m"])):
            tracers.append(Tracer(tn, lambda p, m=m: [
                os.path.join(bdir, "libbpf_usdt")] + m + ["-p", str(p), loop,
                "usdtbench", "tick"], r"^count (\d+)", stop_by_eof=True))
        if shutil.which("bpftrace"):
            tracers.append(Tracer("bpftrace", lambda p: [
                "bpftrace", "-p", str(p), "-e",
                f"usdt:{loop}:usdtbench:tick {{ @ = count(); }} " + ready],
                r"^@: (\d+)"))
        tracers.append(Tracer("dtrace", lambda p: [
            a.dtrace, "-p", str(p), "-qn",
            "usdtbench$target:::tick { @ = count(); } " + ready],
            r"^\s*(\d+)\s*$", exits_with_target=True))

    def tname(t):
        return "none" if t is None else t if isinstance(t, str) else t.name
    names = [tname(t) for t in tracers]
    cpu = {k: [] for k in names}
    progns = {k: [] for k in names}
    byround = [{} for _ in range(rounds)]
    unavailable, wrong = {}, []
    k = len(tracers)
    for rnd in range(rounds):
        for t in tracers[rnd % k:] + tracers[:rnd % k]:
            name = tname(t)
            if name in unavailable:
                continue
            cmd = work.get(t if isinstance(t, str) else None)
            w, c, calls, cnt, err, pns = run_loop(
                cmd, t if isinstance(t, Tracer) else None)
            if err:
                print(f"{name}: n/a ({err})", flush=True)
                unavailable[name] = err
                continue
            cpu[name].append(c)
            byround[rnd][name] = c
            note = ""
            if isinstance(t, Tracer):
                ok = cnt is not None and (cnt == calls if exact
                                          else cnt >= calls)
                note = f"  count {cnt} of {calls}" + \
                    ("" if ok else "  COUNT WRONG")
                if not ok:
                    wrong.append(name)
            if pns is not None:
                progns[name].append(pns)
                note += f"  program {pns:.0f} ns/run"
            print(f"round {rnd + 1}/{rounds}  {name:9} {c:9.1f} ns/call "
                  f"CPU {w:9.1f} wall{note}", flush=True)

    print()
    what = "python3.11 f() calls, python$target:::function-entry,line" \
        if a.python else "usdt_loop firings of usdtbench:tick"
    print(f"{what}, N={n} (+{n // 10} warm-up) x R={rounds}, thread CPU "
          f"ns per call")
    print()
    print("| tracer | median ns/call | overhead (paired median) | "
          "program ns/run |")
    print("| --- | --- | --- | --- |")
    ov = {}
    for name in names:
        if not cpu[name]:
            print(f"| {name} | n/a ({unavailable.get(name, '?')}) | | |")
            continue
        paired = [b[name] - b["none"] for b in byround
                  if name in b and "none" in b]
        if name != "none" and paired:
            ov[name] = statistics.median(paired)
        pn = f"{statistics.median(progns[name]):.1f}" if progns[name] \
            else "-"
        print(f"| {name} | {statistics.median(cpu[name]):.1f} | "
              + (f"{ov[name]:.1f}" if name in ov else "-") + f" | {pn} |")
    print()
    for x, y in (("dtrace", "libbpf"), ("dtrace", "bpftrace"),
                 ("bpftrace", "libbpf"), ("dtrace", "libbpf-multi"),
                 ("libbpf-multi", "libbpf")):
        if x in ov and y in ov and ov[y] > 0:
            print(f"{x} / {y}: {ov[x] / ov[y]:.2f}x")
    if "noprobe" in ov:
        print(f"disabled probe (none - noprobe): {-ov['noprobe']:.2f} "
              "ns/call")
    rc = 0
    if wrong:
        print(f"usdt_cost: ERROR: wrong counts from {sorted(set(wrong))}",
              file=sys.stderr)
        rc = 1
    if before is not None:
        time.sleep(0.2)
        left = pid_cost.ours & (prog_ids() or set())
        if left:
            print(f"usdt_cost: ERROR: programs still loaded: {sorted(left)}",
                  file=sys.stderr)
            rc = 1
    if stats_fd is not None:
        os.close(stats_fd)
    return rc


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, pid_cost.on_signal)
    signal.signal(signal.SIGHUP, pid_cost.on_signal)
    rc = 1
    try:
        rc = main()
    except KeyboardInterrupt:
        rc = 130
    finally:
        pid_cost.cleanup()
    sys.exit(rc)
