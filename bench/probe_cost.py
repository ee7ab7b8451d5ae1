#!/usr/bin/env python3
"""probe_cost.py - cost per firing of a counting probe on getppid, as ratios.

Builds bench/getppid_loop.c and bench/libbpf_count.c into bench/build/, then
for each tracer

  none      no tracer (baseline)
  libbpf    bench/build/libbpf_count: hand-written BPF, per-CPU counter,
            attached to syscalls:sys_enter_getppid with perf_event_open
  libbpf-raw  bench/build/libbpf_count --raw: the same counter on the raw
            tracepoint sys_enter, testing the syscall number first
  bpftrace  bpftrace -e 'tracepoint:syscalls:sys_enter_getppid { @ = count(); }'
  dtrace    build/dtrace -qn 'syscall::getppid:entry { n++; }'

starts the tracer, waits until it is attached, runs the workload
(getppid_loop N: N getppid() syscalls pinned to one CPU, prints ns/call;
a run preempted by other tasks is repeated), and stops the tracer.  This is
repeated R rounds, the order of the tracers rotating from round to round to
spread drift.  First, our dtrace is checked to fire once per getppid (a run
with an END clause printing its counter).

Reports per tracer the median, min and max ns/call; the overhead over no
tracer, paired per round (median over rounds of tracer - none of the same
round) and of the minima; and the ratios of the overheads.  All in one run
on one machine: compare the ratios, not the ns.

With --agg count the tracers aggregate instead: bpftrace
'@[comm] = count()' against dtrace '@[execname] = count()'; with --agg
quantize, bpftrace '@ = hist(nsecs)' against dtrace '@ = quantize(timestamp)'
(getppid has no arguments to bucket; the time stamp varies as arg2 would).

Usage: bench/probe_cost.py [-n N] [-r R] [--cpu CPU] [--dtrace PATH]
                           [--agg count|quantize]
       (as root; defaults N = 5000000, R = 5)
"""
import argparse, json, os, re, shutil, signal, statistics, subprocess, sys
import ctypes, threading, time

here = os.path.dirname(os.path.abspath(__file__))
top = os.path.dirname(here)
bdir = os.path.join(here, "build")

ATTACH_TIMEOUT = 20.0   # s for a tracer to attach
STOP_TIMEOUT = 10.0     # s for a tracer to exit after SIGINT
GRACE = 1.0             # s to wait when attachment cannot be confirmed
RETRIES = 3             # re-runs of a workload run that was preempted

live = []               # tracer processes to clean up, whatever happens
ours = set()            # IDs of the BPF programs our tracers loaded
HAVE_BPFTOOL = False
libc = ctypes.CDLL(None, use_errno=True)
PR_SET_PDEATHSIG = 1


def child_setup():
    # A tracer gets SIGINT if we die without cleaning up (e.g. SIGKILL).
    libc.prctl(PR_SET_PDEATHSIG, signal.SIGINT, 0, 0, 0)


# ---------------------------------------------------------------- helpers

def die(msg):
    sys.exit(f"probe_cost: {msg}")


WORKLOAD = ("getppid_loop.c", "getppid_loop", [])


def build(progs=(WORKLOAD, ("libbpf_count.c", "libbpf_count", ["-lbpf"]))):
    """compile progs ((source, binary, libraries), ...) into bench/build/"""
    os.makedirs(bdir, exist_ok=True)
    cc = os.environ.get("CC", "gcc")
    if not shutil.which(cc):
        die(f"no C compiler '{cc}' (set CC)")
    for src, out, libs in progs:
        cmd = [cc, "-O2", "-Wall", "-o", os.path.join(bdir, out),
               os.path.join(here, src)] + libs
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        if r.returncode != 0:
            die(f"build of {src} failed:\n{' '.join(cmd)}\n{r.stderr}")


def bpftool_json(*args):
    """Parsed `bpftool -j ARGS`, or None if bpftool is unusable."""
    if not shutil.which("bpftool"):
        return None
    try:
        r = subprocess.run(["bpftool", "-j", *args], capture_output=True,
                           text=True, timeout=10)
    except subprocess.TimeoutExpired:
        return None
    if r.returncode != 0:
        return None
    try:
        return json.loads(r.stdout or "[]")
    except json.JSONDecodeError:
        return None


def prog_ids():
    j = bpftool_json("prog", "show")
    return None if j is None else {p["id"] for p in j}


def owned_progs(pid):
    """IDs of the BPF programs whose fds process PID holds (from fdinfo)."""
    ids = set()
    try:
        fds = os.listdir(f"/proc/{pid}/fdinfo")
    except OSError:
        return ids
    for fd in fds:
        try:
            with open(f"/proc/{pid}/fdinfo/{fd}") as f:
                for line in f:
                    if line.startswith("prog_id:"):
                        ids.add(int(line.split()[1]))
        except (OSError, ValueError):
            pass
    return ids


def perf_attachments():
    j = bpftool_json("perf", "show")
    return [] if j is None else j


class Reader(threading.Thread):
    """Collects the lines of one pipe; `seen` is set when a line matches."""

    def __init__(self, f, pattern=None):
        super().__init__(daemon=True)
        self.f, self.pattern = f, pattern
        self.lines, self.seen = [], threading.Event()
        self.start()

    def run(self):
        for line in iter(self.f.readline, ""):
            self.lines.append(line.rstrip("\n"))
            if self.pattern and re.search(self.pattern, line):
                self.seen.set()
        self.f.close()

    def text(self):
        return "\n".join(self.lines)


class Tracer:
    def __init__(self, name, cmd, ready=None, count_re=None):
        self.name, self.cmd, self.ready, self.count_re = \
            name, cmd, ready, count_re
        self.proc = None
        self.error = None       # set when the tracer is not available
        self.counts = []        # firings it reported, per round
        self.note = ""

    def start(self):
        self.proc = subprocess.Popen(
            self.cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, text=True, start_new_session=True,
            preexec_fn=child_setup)
        live.append(self.proc)
        self.out = Reader(self.proc.stdout, self.ready)
        self.err = Reader(self.proc.stderr)
        self.new = set()
        t0 = time.monotonic()
        loaded_at = None
        while True:
            time.sleep(0.05)
            el = time.monotonic() - t0
            if self.proc.poll() is not None:
                self.out.join(1); self.err.join(1)
                msg = (self.err.text() or self.out.text()).strip()
                msg = msg.splitlines()[0] if msg else \
                    f"exited with status {self.proc.returncode}"
                live.remove(self.proc)
                return msg
            if el > ATTACH_TIMEOUT:
                self.stop()
                return f"not attached after {ATTACH_TIMEOUT:.0f} s"
            if self.ready and not self.out.seen.is_set():
                continue
            self.new |= owned_progs(self.proc.pid)
            if not HAVE_BPFTOOL:        # cannot check: trust the ready line
                if self.ready or el >= GRACE:
                    return None
                continue
            if not self.new:
                continue
            # Attached for sure once a perf event of it holds a program.
            if any(a.get("pid") == self.proc.pid or
                   a.get("prog_id") in self.new for a in perf_attachments()):
                return None
            # Loaded but attached some other way (bpf_link ...): grace period.
            if loaded_at is None:
                loaded_at = time.monotonic()
            elif time.monotonic() - loaded_at >= GRACE:
                self.note = "attach not seen by `bpftool perf`"
                return None

    def stop(self):
        p = self.proc
        if p is None or p.poll() is not None:
            return
        self.new |= owned_progs(p.pid)
        try:
            p.stdin.close()
        except OSError:
            pass
        for sig, t in ((signal.SIGINT, STOP_TIMEOUT), (signal.SIGTERM, 3),
                       (signal.SIGKILL, 3)):
            try:
                os.killpg(p.pid, sig)
            except ProcessLookupError:
                break
            try:
                p.wait(timeout=t)
                break
            except subprocess.TimeoutExpired:
                print(f"probe_cost: {self.name} ignored signal {sig}",
                      file=sys.stderr)
        p.wait()
        self.out.join(2); self.err.join(2)
        if p in live:
            live.remove(p)
        if self.count_re:
            m = re.search(self.count_re, self.out.text())
            self.counts.append(int(m.group(1)) if m else None)
        # Wait until its programs are really gone (freed after RCU).
        t0 = time.monotonic()
        while self.new and time.monotonic() - t0 < 5:
            ids = prog_ids()
            if ids is None or not (self.new & ids):
                break
            time.sleep(0.05)
        ours.update(self.new)


def cleanup():
    for p in list(live):
        if p.poll() is None:
            for sig in (signal.SIGINT, signal.SIGKILL):
                try:
                    os.killpg(p.pid, sig)
                    p.wait(timeout=3)
                    break
                except ProcessLookupError:
                    break
                except subprocess.TimeoutExpired:
                    continue
        live.remove(p)


def on_signal(sig, frame):
    raise SystemExit(f"probe_cost: interrupted by signal {sig}")


# ---------------------------------------------------------------- main

def workload(n, cpu):
    """ns/call of one getppid_loop run.  A run in which other tasks took
    more than 2% of the CPU from the loop (thread CPU time < 98% of wall
    time) is repeated, up to RETRIES times; the least disturbed run counts.
    Returns (ns per call, number of retries)."""
    cmd = [os.path.join(bdir, "getppid_loop"), str(n)] + \
          ([str(cpu)] if cpu is not None else [])
    best = None
    for tries in range(RETRIES + 1):
        r = subprocess.run(cmd, capture_output=True, text=True,
                           timeout=60 + n * 20e-6)
        if r.returncode != 0:
            die(f"workload failed: {r.stderr.strip()}")
        f = r.stdout.split()
        wall, cpu_ns = float(f[0]), float(f[1])
        if best is None or cpu_ns / wall > best[1] / best[0]:
            best = (wall, cpu_ns)
        if cpu_ns >= 0.98 * wall:
            break
    return best[0], tries


def check_dtrace(dt, a):
    """Does our dtrace fire once per getppid?  Uses an END clause to print
    the counter; the timed runs use the plain clause.  Not fatal."""
    n = 100_000
    chk = Tracer("dtrace-check", dt.cmd[:2] + [
        "syscall::getppid:entry { n++; } END { printf(\"count %d\\n\", n); }"],
        count_re=r"count (\d+)")
    err = chk.start()
    if err:
        dt.error = err
        print(f"dtrace: not available ({err})", flush=True)
        return
    try:
        workload(n, a.cpu)
    finally:
        chk.stop()
    ours.update(chk.new)
    got, exp = chk.counts[0] if chk.counts else None, n + n // 10
    if got is None:
        dt.note = "firings not verified"
        print("dtrace check: no count printed", flush=True)
    else:
        print(f"dtrace check: fired {got} times for {exp} getppid calls"
              f"{'' if got >= exp else '  MISSED FIRINGS'}", flush=True)
        if got < exp:
            dt.note = f"missed firings in check: {got} < {exp}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", type=int, default=5_000_000,
                    help="getppid calls per run (default 5000000)")
    ap.add_argument("-r", type=int, default=5, help="rounds (default 5)")
    ap.add_argument("--cpu", type=int, default=None,
                    help="CPU for the workload (default: the last one)")
    ap.add_argument("--dtrace", default=os.path.join(top, "build", "dtrace"))
    ap.add_argument("--agg", choices=("count", "quantize"), default=None,
                    help="aggregate instead of counting in a variable")
    a = ap.parse_args()
    if os.geteuid() != 0:
        die("must run as root")
    if a.n <= 0 or a.r <= 0:
        die("N and R must be > 0")

    global HAVE_BPFTOOL
    build()
    before = prog_ids()
    HAVE_BPFTOOL = before is not None
    if not HAVE_BPFTOOL:
        print("probe_cost: warning: bpftool unusable, attachment and "
              "leftovers are not checked", file=sys.stderr)
    load = os.getloadavg()[0]
    print(f"{os.cpu_count()} CPUs, load average {load:.2f} before the run",
          flush=True)
    if load > 0.5:
        print("probe_cost: warning: the machine is busy; figures will be "
              "noisy (compare the min columns)", file=sys.stderr, flush=True)

    tracers = [Tracer("none", None),
               Tracer("libbpf", [os.path.join(bdir, "libbpf_count")],
                      ready=r"^ready", count_re=r"count (\d+)"),
               Tracer("libbpf-raw",
                      [os.path.join(bdir, "libbpf_count"), "--raw"],
                      ready=r"^ready", count_re=r"count (\d+)")]
    bt_body = {None: "@ = count();", "count": "@[comm] = count();",
               "quantize": "@ = hist(nsecs);"}[a.agg]
    dt_body = {None: "n++;", "count": "@[execname] = count();",
               "quantize": "@ = quantize(timestamp);"}[a.agg]
    if shutil.which("bpftrace"):
        tracers.append(Tracer(
            "bpftrace", ["bpftrace", "-e", "tracepoint:syscalls:"
                         "sys_enter_getppid { " + bt_body + " }"],
            ready=r"Attaching",
            count_re=r"@: (\d+)" if a.agg is None else None))
    else:
        print("bpftrace: not available (not installed)")
    dt = Tracer("dtrace", [a.dtrace, "-qn", "syscall::getppid:entry { " + dt_body + " }"])
    if os.access(a.dtrace, os.X_OK):
        tracers.append(dt)
    else:
        dt.error = f"{a.dtrace} not built"

    if dt in tracers:
        check_dtrace(dt, a)

    res = {t.name: [] for t in tracers}
    byround = [{} for _ in range(a.r)]
    k = len(tracers)
    for rnd in range(a.r):
        order = tracers[rnd % k:] + tracers[:rnd % k]
        for t in order:
            if t.error:
                continue
            if t.cmd:
                err = t.start()
                if err:
                    t.error = err
                    print(f"{t.name}: not available ({err})", flush=True)
                    continue
            try:
                ns, retried = workload(a.n, a.cpu)
            finally:
                if t.cmd:
                    t.stop()
            res[t.name].append(ns)
            byround[rnd][t.name] = ns
            print(f"round {rnd + 1}/{a.r}  {t.name:10} {ns:8.1f} ns/call"
                  + (f"  (preempted, {retried} re-runs)" if retried else ""),
                  flush=True)

    # ------------------------------------------------------------ report
    base = res["none"]
    print()
    print(f"getppid, N={a.n} calls x R={a.r} rounds per tracer")
    print(f"{'tracer':10} {'median':>8} {'min':>8} {'max':>8} "
          f"{'overhead':>9} {'(of min)':>9}  ns/call")
    print(f"{'':38}{'paired':>9}")
    ov, ovmin = {}, {}
    for t in tracers:
        v = res[t.name]
        if not v:
            continue
        med, lo, hi = statistics.median(v), min(v), max(v)
        extra = ""
        if t.name != "none":
            # Paired per round: the no-tracer run of the same round, a few
            # seconds away, is the baseline; drift cancels out.
            ov[t.name] = statistics.median(
                b[t.name] - b["none"] for b in byround
                if t.name in b and "none" in b)
            ovmin[t.name] = lo - min(base)
            extra = f" {ov[t.name]:9.1f} {ovmin[t.name]:9.1f}"
        else:
            extra = f" {'-':>9} {'-':>9}"
        if t.counts:
            exp = a.r * (a.n + a.n // 10)
            got = [c for c in t.counts if c is not None]
            extra += f"  fired {sum(got)} (>= {exp} expected)" if got else \
                     "  (count not reported)"
        if t.note:
            extra += f"  [{t.note}]"
        print(f"{t.name:10} {med:8.1f} {lo:8.1f} {hi:8.1f}{extra}")
    for t in tracers + ([] if dt in tracers else [dt]):
        if t.error:
            print(f"{t.name}: not available ({t.error})")
    print()
    print("ratios of overhead per firing   paired median  min-based")
    for x, y in (("dtrace", "libbpf"), ("dtrace", "libbpf-raw"),
                 ("dtrace", "bpftrace"), ("bpftrace", "libbpf"),
                 ("libbpf-raw", "libbpf")):
        if x in ov and y in ov:
            r1 = ov[x] / ov[y] if ov[y] > 0 else float("nan")
            r2 = ovmin[x] / ovmin[y] if ovmin[y] > 0 else float("nan")
            print(f"  {x + '/' + y:29} {r1:10.2f}x {r2:10.2f}x")
        else:
            miss = x if x not in ov else y
            print(f"  {x + '/' + y:29} n/a ({miss} not available)")

    # ------------------------------------------------------------ leftovers
    if HAVE_BPFTOOL:
        time.sleep(0.2)
        after = prog_ids() or set()
        left = ours & after
        if left:
            print(f"probe_cost: ERROR: programs of our tracers still loaded: "
                  f"{sorted(left)}", file=sys.stderr)
            return 1
        print(f"none of the {len(ours)} BPF programs our tracers loaded is "
              f"left (bpftool prog show)")
        other = after - before - ours
        if other:
            print(f"note: {len(other)} other BPF programs were loaded by "
                  f"other processes during the run")
    return 0


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGHUP, on_signal)
    rc = 1
    try:
        rc = main()
    except KeyboardInterrupt:
        print("probe_cost: interrupted", file=sys.stderr)
        rc = 130
    finally:
        cleanup()
    sys.exit(rc)
