#!/usr/bin/env python3
"""stacks.py - stack aggregations from profile-997 against bpftrace:
probe cost, time to print the stacks at exit, and peak RSS, as ratios.

  user    dtrace    profile-997 { @[ustack()] = count(); }
          bpftrace  profile:hz:997 { @[ustack] = count(); }
  kernel  dtrace    profile-997 { @[stack()] = count(); }
          bpftrace  profile:hz:997 { @[kstack] = count(); }

Workload: bench/stack_loop.c, one thread per CPU walking the K^D call
paths (10^4 = 10,000 distinct user stacks by default) through ten small
functions, each path ending in a spin loop (user) or, for kernel stacks
(-S), in one of eight system calls.  Built with -fno-omit-frame-pointer
-fno-optimize-sibling-calls -fno-shrink-wrap so a frame-pointer walk sees
every level.

Both tools are given room for every stack: dtrace -x aggsize=64m,
bpftrace BPFTRACE_MAP_KEYS_MAX=65536 (its stack map then has 131,072
buckets); with the defaults dtrace drops keys past 2,473 user stacks and
bpftrace past 4,096.

Probe cost (the issue's scripts, unchanged: every process is sampled):
for R rounds, in an order rotating every round, the workload runs S
seconds with no tracer, under dtrace and under bpftrace (started first
and waited for until its BEGIN clause's "ready" line is in its output).
Reported: each tracer's profile program's own time per firing from the
kernel's statistics (kernel.bpf_stats_enabled set to 1 for the run and
restored: run_time_ns / run_cnt of its busiest program over the timed
run, from its fdinfo; the attach point, a cpu-clock perf event per CPU,
is the same for both), median over rounds; and the workload's throughput
loss (leaf calls per second against the no-tracer run of the same round,
median: noisy on a shared machine, the programs' times are the steady
figure).

Printing: the workload is started, waits (-G) until the tracer is ready,
then runs.  The same scripts, with a predicate on the workload's pid (so
both print the same process's stacks, not whatever else ran) at
--print-hz (default 4999, so that a busy 10 s yields most of the 10,000
paths).  The workload runs S seconds, prints its report, and stays
alive idle (-H: its maps intact for symbolization, using no CPU); when
its report is out the driver sends SIGINT to the tracer (t0) and waits
for it to exit (t1).  Print time = t1 - t0: stopping the probes,
reading the aggregation, symbolizing and writing every stack to the
output file (both write to a file in /tmp).  Also the tracer's CPU time
over that interval (/proc/PID/stat at t0, wait4 at t1), its peak RSS
(wait4's ru_maxrss, what /usr/bin/time -v reports as maximum resident
set size) and its RSS just before t0 (VmRSS), and the number of stacks
printed (and how many of them are symbolized: name one of the
workload's functions, or do_syscall_64 for kernel stacks).
Rounds alternate the order of the two tracers.

Variants (--variant NAME=SPEC, probe cost only): more dtrace runs in the
same rotation, SPEC being -x options separated by commas and/or
@PATH of another dtrace binary (an older build), e.g.
--variant fp=ustackmode=fp --variant old=@/tmp/old/dtrace; each is
reported like dtrace, with its ratio to bpftrace.  The ratios are also
given per round (the programs' times in one round against bpftrace's in
the same round), as median and range: the machine's speed drifts
between rounds, and the per-round ratio cancels most of that.

Usage: bench/stacks.py [-r R] [-s SECONDS] [--kind user|kernel|both]
                       [--print-hz HZ] [--print-s SECONDS] [--skip-cost] [--skip-print]
                       [--dtrace PATH] [--dopt OPT=VAL ...] [--btenv VAR=VAL ...]
                       [--variant NAME=SPEC ...] [--keep DIR]
       (as root; R = 3, S = 10)
       bench/stacks.py --quick: one round of 2 s each, to check it runs
"""
import argparse, os, re, signal, statistics, subprocess, sys, tempfile, time
from bpfstats import prog_stats

here = os.path.dirname(os.path.abspath(__file__))
top = os.path.dirname(here)
bdir = os.path.join(here, "build")
LOOP = os.path.join(bdir, "stack_loop")

SCRIPTS = {
    ("user", "dtrace"): "profile-{hz} {pred}{{ @[ustack()] = count(); }}",
    ("user", "bpftrace"): "profile:hz:{hz} {pred}{{ @[ustack] = count(); }}",
    ("kernel", "dtrace"): "profile-{hz} {pred}{{ @[stack()] = count(); }}",
    ("kernel", "bpftrace"): "profile:hz:{hz} {pred}{{ @[kstack] = count(); }}",
}
TRACERS = ("dtrace", "bpftrace")
# Room for every stack in both: by default dtrace's aggregation holds
# 4 MiB / (a key of 8 + 8 x 100 frames and a value per CPU) = 2,473 user
# stacks here, bpftrace's maps 4,096 keys (its stack map 8,192 buckets).
AGGSIZE = "64m"
DOPTS = []                      # more dtrace -x options (--dopt)
VARIANTS = {}                   # name -> (dtrace path or None, [-x options])
os.environ["BPFTRACE_MAP_KEYS_MAX"] = "65536"


def build():
    os.makedirs(bdir, exist_ok=True)
    cmd = [os.environ.get("CC", "gcc"), "-O2", "-Wall", "-fno-omit-frame-pointer",
           "-fno-optimize-sibling-calls", "-fno-shrink-wrap", "-pthread",
           "-o", LOOP, os.path.join(here, "stack_loop.c")]
    subprocess.run(cmd, check=True)


def tracer_cmd(kind, name, dtrace, hz, pid=None):
    pred = "" if pid is None else f"/pid == {pid}/ "
    opts = []
    if name in VARIANTS:
        dtrace = VARIANTS[name][0] or dtrace
        opts = VARIANTS[name][1]
        name = "dtrace"
    probe = SCRIPTS[(kind, name)].format(hz=hz, pred=pred)
    probe += ' BEGIN { printf("ready\\n"); }'
    if name == "dtrace":
        return [dtrace, "-x", f"aggsize={AGGSIZE}", *DOPTS, *opts, "-qn", probe]
    return ["bpftrace", "-e", probe]


class Tracer:
    """a tracer writing to a file, started and waited for until ready"""

    def __init__(self, cmd, out):
        self.out = out
        self.f = open(out, "w")
        self.p = subprocess.Popen(cmd, stdout=self.f, stderr=subprocess.STDOUT,
                                  stdin=subprocess.DEVNULL, start_new_session=True)
        deadline = time.time() + 60
        while time.time() < deadline:
            if self.p.poll() is not None:
                raise RuntimeError(f"{cmd[0]} exited: {open(out).read()[:500]}")
            if re.search(r"^ready$", open(out).read(4096), re.M):
                return
            time.sleep(0.01)
        self.kill()
        raise RuntimeError(f"{cmd[0]} not ready in 60 s")

    def stop(self):
        """SIGINT; wait for exit; returns (seconds, cpu s, maxrss KiB, rss KiB at SIGINT)"""
        rss = 0
        for l in open(f"/proc/{self.p.pid}/status"):
            if l.startswith("VmRSS:"):
                rss = int(l.split()[1])
        cpu0 = proc_cpu(self.p.pid)
        t0 = time.perf_counter()
        os.killpg(self.p.pid, signal.SIGINT)
        try:
            _, status, ru = os.wait4(self.p.pid, 0)
        except BaseException:
            self.kill()
            raise
        t1 = time.perf_counter()
        self.p.returncode = os.waitstatus_to_exitcode(status)
        self.f.close()
        return (t1 - t0, ru.ru_utime + ru.ru_stime - cpu0, ru.ru_maxrss, rss)

    def kill(self):
        if self.p.poll() is None:
            os.killpg(self.p.pid, signal.SIGKILL)
            self.p.wait()
        self.f.close()


def proc_cpu(pid):
    f = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(f[11]) + int(f[12])) / os.sysconf("SC_CLK_TCK")




def workload_args(kind, secs):
    return [LOOP, "-s", str(secs)] + (["-S"] if kind == "kernel" else [])


def parse_report(text):
    return {k: float(v) for k, v in (l.split() for l in text.splitlines() if l.strip())}


def count_stacks(kind, name, path):
    """(keys printed, distinct stacks among them, stacks naming a workload
    function (user) or do_syscall_64 (kernel): symbolized ones).
    bpftrace keys a user stack by the thread as well: the same stack
    from two threads is two keys."""
    keys = named = 0
    cur, frames, uniq = False, [], set()
    fns = r"(leaf|f\d+|walk|worker)" if kind == "user" else r"(do_syscall_64)"
    if name == "dtrace":
        fn = re.compile(r"`" + fns + r"\b")
        end = re.compile(r"^\s+\d+$")
    else:
        fn = re.compile(r"^\s+" + fns + r"\+")
        end = re.compile(r"^\]: \d+$")
    with open(path, errors="replace") as f:
        for l in f:
            if end.match(l):
                keys += 1
                named += cur
                uniq.add(tuple(frames))
                cur, frames = False, []
            elif l.startswith(" "):
                frames.append(l.strip())
                cur = cur or bool(fn.search(l))
            else:
                cur, frames = False, []
    return keys, len(uniq), named


def cost(a, kind, tmp):
    tracers = (*TRACERS, *VARIANTS)
    base, loss = [], {t: [] for t in tracers}
    ns = {t: [] for t in tracers}
    fires = {t: [] for t in tracers}
    for r in range(a.r):
        order = ["none", *tracers]
        order = order[r % len(order):] + order[:r % len(order)]
        got = {}
        for t in order:
            tr = None
            if t != "none":
                tr = Tracer(tracer_cmd(kind, t, a.dtrace, 997),
                            os.path.join(tmp, f"cost-{kind}-{t}-{r}.out"))
            try:
                before = prog_stats(tr.p.pid) if tr else None
                rep = parse_report(subprocess.run(workload_args(kind, a.s),
                                                  capture_output=True, text=True,
                                                  check=True).stdout)
                if tr:
                    after = prog_stats(tr.p.pid)
                    n = after[0] - before[0]
                    ns[t].append((after[1] - before[1]) / n if n else float("nan"))
                    fires[t].append(n)
            finally:
                if tr:
                    tr.kill()
            got[t] = rep["ops_per_s"]
        base.append(got["none"])
        for t in tracers:
            loss[t].append(1 - got[t] / got["none"])
        print(f"  round {r + 1}: " + ", ".join(
            f"{t} {got[t]:,.0f} ops/s" + (f" ({ns[t][-1]:.0f} ns x {fires[t][-1]} firings)"
                                          if t != "none" else "")
            for t in order), flush=True)
    res = {}
    for t in tracers:
        res[t] = (statistics.median(ns[t]), statistics.median(loss[t]))
        print(f"  {t}: profile program {res[t][0]:.0f} ns per firing (median, "
              f"{min(ns[t]):.0f}-{max(ns[t]):.0f}), workload throughput loss "
              f"{100 * res[t][1]:.2f}% (paired median)")
    for t in tracers:
        if t == "bpftrace":
            continue
        per = [x / y for x, y in zip(ns[t], ns["bpftrace"])]
        print(f"  probe cost {t} / bpftrace: {res[t][0] / res['bpftrace'][0]:.2f}x "
              f"(medians); per round {statistics.median(per):.2f}x "
              f"({min(per):.2f}-{max(per):.2f})")
    return res


def printing(a, kind, tmp):
    res = {t: [] for t in TRACERS}
    for r in range(a.r):
        for t in (TRACERS if r % 2 == 0 else TRACERS[::-1]):
            w = subprocess.Popen(workload_args(kind, a.print_s or a.s) + ["-H", "-G"],
                                 stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
            tr = None
            try:
                out = os.path.join(tmp, f"print-{kind}-{t}-{r}.out")
                tr = Tracer(tracer_cmd(kind, t, a.dtrace, a.print_hz, pid=w.pid), out)
                w.stdin.write("g")
                w.stdin.close()
                rep = ""
                while "cpu_ns_per_op" not in rep:
                    line = w.stdout.readline()
                    if not line:
                        raise RuntimeError("workload exited")
                    rep += line
                secs, cpu, maxrss, rss = tr.stop()
                keys, uniq, named = count_stacks(kind, t, out)
            finally:
                if tr:
                    tr.kill()
                w.kill()
                w.wait()
            res[t].append((secs, cpu, maxrss, rss, keys, named, uniq))
            print(f"  {t}: {keys} keys, {uniq} distinct stacks ({named} symbolized) printed in "
                  f"{1e3 * secs:.0f} ms ({1e3 * cpu:.0f} ms CPU), peak RSS "
                  f"{maxrss / 1024:.1f} MiB ({rss / 1024:.1f} MiB before)", flush=True)
    med = {t: [statistics.median(x[i] for x in res[t]) for i in range(7)] for t in TRACERS}
    for t in TRACERS:
        m = med[t]
        print(f"  {t}: median {m[4]:.0f} keys, {m[6]:.0f} stacks, print {1e3 * m[0]:.0f} ms, "
              f"CPU {1e3 * m[1]:.0f} ms, peak RSS {m[2] / 1024:.1f} MiB "
              f"(RSS at SIGINT {m[3] / 1024:.1f} MiB)")
    d, b = med["dtrace"], med["bpftrace"]
    print(f"  print time dtrace / bpftrace: {d[0] / b[0]:.3f}x (CPU {d[1] / b[1]:.3f}x); "
          f"peak RSS dtrace / bpftrace: {d[2] / b[2]:.3f}x")
    return med


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-r", type=int, default=3)
    ap.add_argument("-s", type=int, default=10)
    ap.add_argument("--kind", choices=("user", "kernel", "both"), default="both")
    ap.add_argument("--print-hz", type=int, default=4999)
    ap.add_argument("--print-s", type=int, help="seconds of tracing before printing (default: -s)")
    ap.add_argument("--skip-cost", action="store_true")
    ap.add_argument("--skip-print", action="store_true")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--btenv", action="append", default=[],
                    help="an environment variable for bpftrace (e.g. "
                    "BPFTRACE_CACHE_USER_SYMBOLS=1)")
    ap.add_argument("--dopt", action="append", default=[],
                    help="a dtrace -x option for every dtrace run (e.g. ustackframes=32)")
    ap.add_argument("--variant", action="append", default=[],
                    help="NAME=SPEC: one more dtrace in the probe-cost rotation; SPEC: "
                    "-x options separated by commas and/or @PATH of another dtrace")
    ap.add_argument("--keep", help="keep the tracers' output files in DIR")
    ap.add_argument("--dtrace", default=os.path.join(top, "build", "dtrace"))
    a = ap.parse_args()
    if a.quick:
        a.r, a.s = 1, 2
    for o in a.dopt:
        DOPTS.extend(["-x", o])
    for v in a.variant:
        name, _, spec = v.partition("=")
        if not name or name in ("none", *TRACERS):
            sys.exit(f"stacks.py: bad variant name in {v!r}")
        path, opts = None, []
        for item in filter(None, spec.split(",")):
            if item.startswith("@"):
                path = item[1:]
            else:
                opts += ["-x", item]
        VARIANTS[name] = (path, opts)
    for e in a.btenv:    # bpftrace reads BPFTRACE_*, dtrace none of them
        k, v = e.split("=", 1)
        os.environ[k] = v
    build()
    print(f"load average {os.getloadavg()[0]:.2f}, {os.cpu_count()} CPUs, "
          f"{subprocess.run(['bpftrace', '--version'], capture_output=True, text=True).stdout.strip()}")
    stats_path = "/proc/sys/kernel/bpf_stats_enabled"
    old_stats = open(stats_path).read().strip()
    tmp = a.keep or tempfile.mkdtemp(prefix="stacks-")
    os.makedirs(tmp, exist_ok=True)
    try:
        for kind in (("user", "kernel") if a.kind == "both" else (a.kind,)):
            if not a.skip_cost:
                print(f"{kind} stacks, probe cost (profile-997, {a.s} s, R={a.r}):")
                open(stats_path, "w").write("1")
                try:
                    cost(a, kind, tmp)
                finally:
                    open(stats_path, "w").write(old_stats)
            if not a.skip_print:
                print(f"{kind} stacks, printing (profile-{a.print_hz} on the workload's "
                      f"pid, {a.print_s or a.s} s, R={a.r}):")
                printing(a, kind, tmp)
    finally:
        if not a.keep:
            for f in os.listdir(tmp):
                os.unlink(os.path.join(tmp, f))
            os.rmdir(tmp)


if __name__ == "__main__":
    if os.geteuid() != 0:
        sys.exit("stacks.py: run as root")
    main()
