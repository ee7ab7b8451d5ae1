#!/usr/bin/env python3
"""pid_cost.py - per-call cost of a pid-provider probe on libc's getpid.

Builds bench/pid_loop.c and bench/libbpf_uprobe.c into bench/build/, then
for each tracer

  none          no tracer (baseline)
  libbpf        bench/build/libbpf_uprobe -p PID LIBC getpid: hand-written
                BPF, per-CPU counter, one perf-event uprobe of the task
  libbpf-multi  the same program on a multi-uprobe link
                (BPF_TRACE_UPROBE_MULTI) with the link's pid filter (-m)
  bpftrace      bpftrace -e 'uprobe:LIBC:getpid /pid == PID/ { @ = count(); }'
                (bpftrace 0.17's -p does not filter uprobes by process: its
                counts took every process's calls, so the predicate it is)
  dtrace        build/dtrace -p PID -qn 'pid$target::getpid:entry { @ = count(); }'

starts the workload (pid_loop -w N: waits on stdin, then N/10 warm-up and N
timed calls of libc's getpid() through the PLT, pinned to one CPU), starts
the tracer on its pid, waits until the tracer is attached (its ready line:
each script has a BEGIN clause printing "ready", libbpf_uprobe prints it
once attached), lets the workload run, and stops the tracer.  Each tracer's
count is checked against the calls made (N + N/10).  This is repeated R
rounds, the order of the tracers rotating from round to round.

The figure is the workload thread's CPU time per call (the uprobe trap and
the BPF program run in that thread; time other tasks took from it does not
count); wall time per call is printed too.  Overhead = tracer minus the
no-tracer run of the same round (paired), median over rounds; ratios of
overheads.  All in one run on one machine: compare the ratios, not the ns.
Also each tracer's busiest BPF program's own time per run (run_time_ns /
run_cnt from its fdinfo, statistics on through BPF_ENABLE_STATS for the
whole run, read while the workload, done, still waits for EOF): the part
of a hit that is the program rather than the trap.

Usage: bench/pid_cost.py [-n N] [-r R] [--cpu CPU] [--dtrace PATH] [--quick]
       (as root; defaults N = 100000, R = 5; --quick: N = 10000, R = 1)
"""
import argparse, os, re, shutil, signal, statistics, subprocess, sys, time

here = os.path.dirname(os.path.abspath(__file__))
top = os.path.dirname(here)
bdir = os.path.join(here, "build")
sys.path.insert(0, here)
from probe_cost import Reader, child_setup, owned_progs, prog_ids  # noqa: E402

LIBC = "/lib/x86_64-linux-gnu/libc.so.6"
ATTACH_TIMEOUT = 30.0   # s for a tracer to print its ready line
EXIT_WAIT = 3.0         # s for dtrace to exit by itself once the target has
STOP_TIMEOUT = 10.0     # s for a tracer to exit after SIGINT

live = []               # processes to clean up, whatever happens
ours = set()            # IDs of the BPF programs our tracers loaded


def die(msg):
    sys.exit(f"pid_cost: {msg}")


def build():
    """pid_loop and libbpf_uprobe into bench/build/, no warnings allowed"""
    os.makedirs(bdir, exist_ok=True)
    cc = os.environ.get("CC", "gcc")
    if not shutil.which(cc):
        die(f"no C compiler '{cc}' (set CC)")
    for src, out, libs in (("pid_loop.c", "pid_loop", []),
                           ("libbpf_uprobe.c", "libbpf_uprobe",
                            ["-lbpf", "-lelf"])):
        cmd = [cc, "-O2", "-Wall", "-Wextra", "-Werror", "-o",
               os.path.join(bdir, out), os.path.join(here, src)] + libs
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        if r.returncode != 0:
            die(f"build of {src} failed:\n{' '.join(cmd)}\n{r.stderr}")


def kill_group(p, sigs=((signal.SIGINT, STOP_TIMEOUT), (signal.SIGTERM, 3),
                        (signal.SIGKILL, 3))):
    for sig, t in sigs:
        if p.poll() is not None:
            return
        try:
            os.killpg(p.pid, sig)
        except ProcessLookupError:
            return
        try:
            p.wait(timeout=t)
            return
        except subprocess.TimeoutExpired:
            print(f"pid_cost: pid {p.pid} ignored signal {sig}",
                  file=sys.stderr)


def cleanup():
    for p in list(live):
        kill_group(p, ((signal.SIGINT, 3), (signal.SIGKILL, 3)))
        p.wait()
        live.remove(p)


def on_signal(sig, frame):
    raise SystemExit(f"pid_cost: interrupted by signal {sig}")


class Tracer:
    """cmd(pid) gives the command line; count_re finds its count in stdout."""

    def __init__(self, name, cmd, count_re, stop_by_eof=False,
                 exits_with_target=False):
        self.name, self.cmd, self.count_re = name, cmd, count_re
        self.stop_by_eof = stop_by_eof
        self.exits_with_target = exits_with_target
        self.error = None
        self.bad_counts = []

    def start(self, pid):
        """Start on PID; None once attached, else the reason it is not."""
        self.proc = subprocess.Popen(
            self.cmd(pid), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, text=True, start_new_session=True,
            preexec_fn=child_setup)
        live.append(self.proc)
        self.out = Reader(self.proc.stdout, r"^ready")
        self.err = Reader(self.proc.stderr)
        self.progs = set()
        t0 = time.monotonic()
        while not self.out.seen.wait(0.05):
            if self.proc.poll() is not None:
                self.out.join(1); self.err.join(1)
                msg = (self.err.text() or self.out.text()).strip()
                msg = msg.splitlines()[0] if msg else \
                    f"exited with status {self.proc.returncode}"
                live.remove(self.proc)
                return msg
            if time.monotonic() - t0 > ATTACH_TIMEOUT:
                self.stop()
                return f"no ready line after {ATTACH_TIMEOUT:.0f} s"
        self.progs = owned_progs(self.proc.pid)
        return None

    def stop(self):
        """Stop it; its count, or None if it printed none."""
        p = self.proc
        if p.poll() is None:
            self.progs |= owned_progs(p.pid)
        if self.exits_with_target:
            try:
                p.wait(timeout=EXIT_WAIT)
            except subprocess.TimeoutExpired:
                pass
        if self.stop_by_eof and p.poll() is None:
            try:
                p.stdin.close()
                p.wait(timeout=STOP_TIMEOUT)
            except (OSError, subprocess.TimeoutExpired):
                pass
        kill_group(p)
        p.wait()
        self.out.join(5); self.err.join(5)
        if p in live:
            live.remove(p)
        # Wait until its programs are really gone (freed after RCU).
        t0 = time.monotonic()
        while self.progs and time.monotonic() - t0 < 5:
            ids = prog_ids()
            if ids is None or not (self.progs & ids):
                break
            time.sleep(0.05)
        ours.update(self.progs)
        m = re.findall(self.count_re, self.out.text(), re.M)
        return int(m[-1]) if m else None


def enable_bpf_stats():
    """Turn on the kernel's run-time statistics of BPF programs while the
    returned fd is open (BPF_ENABLE_STATS: counted, unlike the sysctl, so
    another bench turning them off does not end ours); None if refused."""
    import ctypes
    libc = ctypes.CDLL(None, use_errno=True)
    attr = ctypes.c_uint32 * 2     # enable_stats.type = BPF_STATS_RUN_TIME
    fd = libc.syscall(321, 32, ctypes.byref(attr(0, 0)), 8)  # SYS_bpf,
    return fd if fd >= 0 else None                       # BPF_ENABLE_STATS


def prog_stats(pid):
    """{prog id: (run_cnt, run_time_ns)} of the programs process PID holds"""
    st = {}
    try:
        fds = os.listdir(f"/proc/{pid}/fdinfo")
    except OSError:
        return st
    for fd in fds:
        try:
            with open(f"/proc/{pid}/fdinfo/{fd}") as f:
                kv = dict(l.split(":", 1) for l in f if ":" in l)
        except (OSError, ValueError):
            continue
        if "prog_id" in kv and "run_cnt" in kv:
            st[int(kv["prog_id"])] = (int(kv["run_cnt"]),
                                      int(kv["run_time_ns"]))
    return st


def prog_ns(pid):
    """ns per run of the busiest program of process PID (bpf_stats), or
    None if none ran"""
    st = prog_stats(pid)
    if not st:
        return None
    cnt, ns = max(st.values())
    return ns / cnt if cnt else None


def no_pid_provider(msg):
    """dtrace's error for a build without the pid provider"""
    return "does not match any probes" in msg


def run_loop(n, cpu, tracer):
    """One workload run under TRACER (None: no tracer).  Returns
    (wall ns/call, cpu ns/call, calls, count or None, error or None,
    ns per run of the tracer's busiest program or None)."""
    cmd = [os.path.join(bdir, "pid_loop"), "-w", str(n)] + \
        ([str(cpu)] if cpu is not None else [])
    loop = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True,
                            start_new_session=True, preexec_fn=child_setup)
    live.append(loop)
    count = pns = None
    try:
        if tracer:
            err = tracer.start(loop.pid)
            if err:
                return None, None, None, None, err, None
        loop.stdin.write("g")
        loop.stdin.flush()
        # It prints its line, then waits for EOF: the tracer is still
        # attached while its programs' statistics are read.
        out = loop.stdout.readline()
        if tracer:
            pns = prog_ns(tracer.proc.pid)
        rest, errout = loop.communicate(timeout=60)
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
    ap.add_argument("-n", type=int, default=None,
                    help="timed getpid calls per run (default 100000)")
    ap.add_argument("-r", type=int, default=None, help="rounds (default 5)")
    ap.add_argument("--cpu", type=int, default=None,
                    help="CPU for the workload (default: the last one)")
    ap.add_argument("--dtrace", default=os.path.join(top, "build", "dtrace"))
    ap.add_argument("--quick", action="store_true",
                    help="smoke test: N = 10000, R = 1")
    a = ap.parse_args()
    n = a.n or (10_000 if a.quick else 100_000)
    rounds = a.r or (1 if a.quick else 5)
    if os.geteuid() != 0:
        die("must run as root")
    if n <= 0 or rounds <= 0:
        die("N and R must be > 0")
    if not os.path.exists(LIBC):
        die(f"no {LIBC}")

    build()
    stats_fd = enable_bpf_stats()
    if stats_fd is None:
        print("pid_cost: warning: BPF_ENABLE_STATS refused, no program "
              "times", file=sys.stderr)
    before = prog_ids()
    load = os.getloadavg()[0]
    print(f"{os.cpu_count()} CPUs, load average {load:.2f} before the run; "
          f"getpid of {LIBC}", flush=True)
    if load > 0.5:
        print("pid_cost: warning: the machine is busy; figures will be "
              "noisy", file=sys.stderr, flush=True)

    ub = os.path.join(bdir, "libbpf_uprobe")
    tracers = [
        None,
        Tracer("libbpf", lambda p: [ub, "-p", str(p), LIBC, "getpid"],
               r"^count (\d+)", stop_by_eof=True),
        Tracer("libbpf-multi", lambda p: [ub, "-m", "-p", str(p), LIBC,
                                          "getpid"],
               r"^count (\d+)", stop_by_eof=True),
    ]
    unavailable = {}
    if shutil.which("bpftrace"):
        tracers.append(Tracer("bpftrace", lambda p: [
            "bpftrace", "-e", f"uprobe:{LIBC}:getpid /pid == {p}/ "
            "{ @ = count(); } BEGIN { printf(\"ready\\n\"); }"],
            r"^@: (\d+)"))
    else:
        unavailable["bpftrace"] = "not installed"
    if os.access(a.dtrace, os.X_OK):
        tracers.append(Tracer("dtrace", lambda p: [
            a.dtrace, "-p", str(p), "-qn",
            "pid$target::getpid:entry { @ = count(); } "
            "BEGIN { printf(\"ready\\n\"); }"],
            r"^\s*(\d+)\s*$", exits_with_target=True))
    else:
        unavailable["dtrace"] = f"{a.dtrace} not built"
    names = ["none"] + [t.name for t in tracers if t]

    wall = {k: [] for k in names}
    cpu = {k: [] for k in names}
    byround = [{} for _ in range(rounds)]
    counts = {k: [] for k in names}
    progns = {k: [] for k in names}
    k = len(tracers)
    for rnd in range(rounds):
        order = tracers[rnd % k:] + tracers[:rnd % k]
        for t in order:
            name = t.name if t else "none"
            if name in unavailable:
                continue
            w, c, calls, cnt, err, pns = run_loop(n, a.cpu, t)
            if err:
                print(f"{name}: n/a ({err})", flush=True)
                if name == "dtrace" and no_pid_provider(err):
                    err = "no pid provider"
                unavailable[name] = err
                continue
            wall[name].append(w)
            cpu[name].append(c)
            if pns is not None:
                progns[name].append(pns)
            byround[rnd][name] = (w, c)
            note = ""
            if t:
                counts[name].append((cnt, calls))
                note = f"  count {cnt} of {calls} calls" + \
                    ("" if cnt == calls else "  COUNT WRONG")
            if pns is not None:
                note += f"  program {pns:.0f} ns/run"
            print(f"round {rnd + 1}/{rounds}  {name:12} {c:9.1f} ns/call "
                  f"CPU {w:9.1f} wall{note}", flush=True)

    # ------------------------------------------------------------ report
    print()
    print(f"libc getpid(), N={n} timed calls (+{n // 10} warm-up) x "
          f"R={rounds} rounds, per call, thread CPU time (wall)")
    print()
    print("| tracer | median ns/call | min | max | overhead ns/call (paired) "
          "| wall overhead | program ns/run (bpf_stats) | counts right |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    ov, ovw = {}, {}
    for name in names:
        v = cpu[name]
        if not v:
            continue
        paired = [b[name][1] - b["none"][1] for b in byround
                  if name in b and "none" in b]
        pairedw = [b[name][0] - b["none"][0] for b in byround
                   if name in b and "none" in b]
        if name != "none" and paired:
            ov[name] = statistics.median(paired)
            ovw[name] = statistics.median(pairedw)
        c = counts[name]
        right = "-" if name == "none" else \
            f"{sum(1 for x, y in c if x == y)} of {len(c)}"
        print(f"| {name} | {statistics.median(v):.1f} | {min(v):.1f} | "
              f"{max(v):.1f} | "
              + (f"{ov[name]:.1f} | {ovw[name]:.1f}" if name in ov else "- | -")
              + (f" | {statistics.median(progns[name]):.1f}"
                 if progns[name] else " | -")
              + f" | {right} |")
    for name in ("libbpf", "libbpf-multi", "bpftrace", "dtrace"):
        if name in unavailable:
            print(f"| {name} | n/a ({unavailable[name]}) | | | | | | |")
    print()
    print("| ratio | overhead per call, CPU (paired median) | wall | "
          "program per run |")
    print("| --- | --- | --- | --- |")
    for x, y in (("dtrace", "libbpf"), ("dtrace", "libbpf-multi"),
                 ("dtrace", "bpftrace"), ("bpftrace", "libbpf"),
                 ("libbpf-multi", "libbpf")):
        if x in ov and y in ov and ov[y] > 0 and ovw[y] > 0:
            px, py = progns[x], progns[y]
            pr = f"{statistics.median(px) / statistics.median(py):.2f}x" \
                if px and py else "-"
            print(f"| {x} / {y} | {ov[x] / ov[y]:.2f}x | "
                  f"{ovw[x] / ovw[y]:.2f}x | {pr} |")
        else:
            miss = x if x not in ov else y
            why = unavailable.get(miss, "not measured")
            print(f"| {x} / {y} | n/a ({why}) | | |")

    rc = 0
    wrong = [nm for nm in counts for x, y in counts[nm] if x != y]
    if wrong:
        print(f"pid_cost: ERROR: wrong counts from {sorted(set(wrong))}",
              file=sys.stderr)
        rc = 1
    # ------------------------------------------------------------ leftovers
    if before is not None:
        time.sleep(0.2)
        left = ours & (prog_ids() or set())
        if left:
            print(f"pid_cost: ERROR: programs of our tracers still loaded: "
                  f"{sorted(left)}", file=sys.stderr)
            return 1
        print(f"\nnone of the {len(ours)} BPF programs our tracers loaded is "
              f"left (bpftool prog show)")
    return rc


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGHUP, on_signal)
    rc = 1
    try:
        rc = main()
    except KeyboardInterrupt:
        print("pid_cost: interrupted", file=sys.stderr)
        rc = 130
    finally:
        cleanup()
    sys.exit(rc)
