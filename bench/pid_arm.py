#!/usr/bin/env python3
"""pid_arm.py - time to arm and disarm a probe on every function of libc.

Starts a target that sleeps (`sleep 3600`) and times, on its pid:

  floor     bench/build/libbpf_uprobe -m -p PID -a LIBC GLOB: one
            hand-written multi-uprobe link (BPF_TRACE_UPROBE_MULTI, pid
            filter) on every function's distinct address, the kernel's
            floor.  The offsets the kernel refuses (instructions its
            decoder cannot probe, ENOTSUPP) are found once by bisection,
            untimed, and left out of the timed runs (-X).
  dtrace    build/dtrace -p PID -qn
              'pid$target:libc.so.6:GLOB:entry { @ = count(); }
               (GLOB '*' is written pid$target:libc.so.6::entry)
               BEGIN { printf("ready\\n"); }'
  bpftrace  bpftrace FILE, FILE listing the floor's functions by name
              uprobe:LIBC:NAME1,
              uprobe:LIBC:NAME2, ... /pid == PID/ { @ = count(); }
              BEGIN { printf("ready\\n"); }
            one perf-event uprobe per function; run ONCE, with
            BPFTRACE_MAX_PROBES=100000, since it takes minutes (to remove
            them).  Names it cannot parse (foo.cold) or that name several
            functions are left out.  With --bpftrace-glob the probe is the
            issue's uprobe:LIBC:GLOB (every symbol name, aliases and
            versioned names too: 7,264 on libc), which bpftrace 0.17 fails
            to arm here (a size-0 symbol, __restore_rt, or EINVAL from the
            kernel for one of them) after minutes.
  perf      (--perf-floor) libbpf_uprobe without -m: one perf-event uprobe
            per function, as bpftrace does, hand-written

Arm = from the command's start to its ready line (BEGIN runs once every
probe is attached; libbpf_uprobe prints it after attaching): start-up,
symbol reading, compilation and attaching.  For the floor and bpftrace
the attach alone is printed too (floor: BPF_LINK_CREATE; bpftrace: from
its "Attaching N probes..." line to ready).  Disarm = from the stop
request (SIGINT; EOF for libbpf_uprobe) to the process's exit: detaching
and, for bpftrace and dtrace, printing the (empty) aggregation.  bpftrace
0.17 sometimes misses a SIGINT (it stays in epoll_wait); then SIGINT is
sent again and the disarm time counts from the last one.

Also times `dtrace -l -n 'pid$target:libc.so.6:GLOB:entry' -c ls` and
counts the probes each tool armed (dtrace's from `dtrace -l -p PID`).

LIBC is by default a private copy of /lib/x86_64-linux-gnu/libc.so.6 in
/tmp/pidbench-libc/, which the target loads through LD_LIBRARY_PATH: uprobes
belong to a file, and bpftrace's are not filtered by process, so on the
system libc they would make every libc call of every process on the
machine trap for minutes.  The copy has the same build id, so the same
symbols (from /usr/lib/debug too).  --system-libc uses the real one.

Usage: bench/pid_arm.py [-r R] [--glob GLOB] [--no-bpftrace] [--bpftrace-glob]
                        [--perf-floor]
                        [--system-libc] [--bpftrace-timeout S]
                        [--dtrace PATH] [--quick]
       (as root; R = 5 rounds of floor and dtrace, default GLOB '*';
        --quick: R = 1, GLOB 'str*')
"""
import argparse, ctypes, os, re, shutil, signal, statistics, subprocess, sys
import time

here = os.path.dirname(os.path.abspath(__file__))
top = os.path.dirname(here)
bdir = os.path.join(here, "build")
sys.path.insert(0, here)
from probe_cost import Reader, child_setup, owned_progs, prog_ids  # noqa: E402
from pid_cost import build  # noqa: E402

SYSTEM_LIBC = "/lib/x86_64-linux-gnu/libc.so.6"
PROBES = r"ready probes (\d+)"         # libbpf_uprobe's lines
ATTACH = r"attach_ms ([0-9.]+)"
DETACH = r"detach_ms ([0-9.]+)"
libc = ctypes.CDLL(None, use_errno=True)
live = []               # processes to clean up, whatever happens
ours = set()            # IDs of the BPF programs our tracers loaded


def die(msg):
    sys.exit(f"pid_arm: {msg}")


def cleanup():
    for p in list(live):
        for sig in (signal.SIGINT, signal.SIGKILL):
            if p.poll() is not None:
                break
            try:
                os.killpg(p.pid, sig)
                p.wait(timeout=5)
            except ProcessLookupError:
                break
            except subprocess.TimeoutExpired:
                continue
        p.wait()
        live.remove(p)


def on_signal(sig, frame):
    raise SystemExit(f"pid_arm: interrupted by signal {sig}")


def short_error(msg):
    """dtrace's error, shortened when the pid provider is missing"""
    m = re.search(r"(probe description \S+ does not match any probes|"
                  r"failed to match \S+: No probe matches description)", msg)
    return f"no pid provider: {m.group(1)}" if m else msg


def wchan(pid):
    try:
        with open(f"/proc/{pid}/wchan") as f:
            return f.read().strip()
    except OSError:
        return ""


class Run:
    """One tracer command: arm (start -> ready line), disarm (stop -> exit)."""

    def __init__(self, cmd, eof_stop=False, timeout=120.0, resend=False):
        self.cmd, self.eof_stop, self.timeout = cmd, eof_stop, timeout
        self.resend = resend    # SIGINT again if it stays idle (bpftrace)
        self.error = None
        self.arm = self.disarm = self.attach_line_t = None

    def go(self):
        t0 = time.monotonic()
        self.p = p = subprocess.Popen(
            self.cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, text=True, start_new_session=True,
            preexec_fn=child_setup)
        live.append(p)
        self.out = Reader(p.stdout, r"^ready")
        self.err = Reader(p.stderr)
        progs = set()
        while not self.out.seen.wait(0.01):
            if self.attach_line_t is None and any(
                    l.startswith("Attaching") for l in self.out.lines):
                self.attach_line_t = time.monotonic() - t0
            if p.poll() is not None:
                self.out.join(2); self.err.join(2)
                # bpftrace warns it could not raise RLIMIT_MEMLOCK (it need
                # not: memory cgroup accounting) before its real error.
                msg = [l for l in (self.err.lines or self.out.lines)
                       if l.strip() and "RLIMIT_MEMLOCK" not in l]
                self.error = msg[0].strip() if msg else \
                    f"exited with status {p.returncode}"
                live.remove(p)
                return self
            if time.monotonic() - t0 > self.timeout:
                self.error = f"not armed after {self.timeout:.0f} s"
                break
        else:
            self.arm = time.monotonic() - t0
            if self.attach_line_t is None and any(
                    l.startswith("Attaching") for l in self.out.lines):
                self.attach_line_t = self.arm
            progs = owned_progs(p.pid)
            time.sleep(0.2)     # settle in its event loop
        t1 = time.monotonic()
        if self.eof_stop:
            p.stdin.close()
        else:
            os.kill(p.pid, signal.SIGINT)
        idle = 0
        while True:
            try:
                p.wait(timeout=0.25)
                break
            except subprocess.TimeoutExpired:
                pass
            now = time.monotonic()
            if now - t1 > self.timeout:
                self.error = self.error or \
                    f"not stopped {self.timeout:.0f} s after SIGINT"
                os.killpg(p.pid, signal.SIGKILL)
                p.wait()
                break
            # Still idle in its event loop half a second after the signal:
            # the signal was missed.
            idle = idle + 1 if wchan(p.pid) == "do_epoll_wait" else 0
            if self.resend and idle >= 2:
                os.kill(p.pid, signal.SIGINT)
                t1, idle = now, 0
        if self.error is None:
            self.disarm = time.monotonic() - t1
        self.out.join(5); self.err.join(5)
        live.remove(p)
        ours.update(progs)
        return self

    def field(self, pattern, conv=float):
        m = re.search(pattern, self.out.text(), re.M)
        return conv(m.group(1)) if m else None


def ms(x):
    if x is None:
        return "n/a"
    return f"{x * 1e3:.1f} ms" if x < 0.1 else f"{x * 1e3:,.0f} ms" \
        if x < 10 else f"{x:,.1f} s"


def med(v):
    v = [x for x in v if x is not None]
    return statistics.median(v) if v else None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-r", type=int, default=None,
                    help="rounds of floor and dtrace (default 5)")
    ap.add_argument("--glob", default=None,
                    help="function glob (default '*', --quick 'str*')")
    ap.add_argument("--no-bpftrace", action="store_true")
    ap.add_argument("--bpftrace-glob", action="store_true",
                    help="bpftrace on uprobe:LIBC:GLOB (bpftrace 0.17 "
                    "fails on every libc function here)")
    ap.add_argument("--perf-floor", action="store_true",
                    help="also one perf-event uprobe per function (slow)")
    ap.add_argument("--system-libc", action="store_true",
                    help=f"trace {SYSTEM_LIBC} itself, not a private copy")
    ap.add_argument("--bpftrace-timeout", type=float, default=1800.0,
                    help="seconds each for bpftrace to arm and to disarm "
                    "(default 1800)")
    ap.add_argument("--dtrace", default=os.path.join(top, "build", "dtrace"))
    ap.add_argument("--quick", action="store_true",
                    help="smoke test: R = 1, GLOB 'str*'")
    a = ap.parse_args()
    rounds = a.r or (1 if a.quick else 5)
    glob = a.glob or ("str*" if a.quick else "*")
    if os.geteuid() != 0:
        die("must run as root")
    build()

    env = dict(os.environ)
    if a.system_libc:
        lib = SYSTEM_LIBC
    else:
        ldir = "/tmp/pidbench-libc"
        os.makedirs(ldir, exist_ok=True)
        lib = os.path.join(ldir, "libc.so.6")
        tmp = lib + ".tmp"
        shutil.copyfile(SYSTEM_LIBC, tmp)
        os.replace(tmp, lib)
        env["LD_LIBRARY_PATH"] = ldir
    target = subprocess.Popen(["sleep", "3600"], env=env,
                              start_new_session=True, preexec_fn=child_setup)
    live.append(target)
    pid = target.pid
    for _ in range(100):
        try:
            with open(f"/proc/{pid}/maps") as f:
                if lib in f.read():
                    break
        except OSError:
            pass
        time.sleep(0.01)
    else:
        die(f"the target does not map {lib}")
    before = prog_ids()
    load = os.getloadavg()[0]
    print(f"{os.cpu_count()} CPUs, load average {load:.2f}; target pid {pid} "
          f"(sleep) maps {lib}; functions '{glob}'", flush=True)

    ub = os.path.join(bdir, "libbpf_uprobe")
    # The offsets the kernel refuses: found once, untimed.
    r = subprocess.run([ub, "-m", "-q", "-p", str(pid), "-a", lib, glob],
                       capture_output=True, text=True, timeout=600)
    if r.returncode != 0:
        die(f"libbpf_uprobe failed: {r.stderr.strip()}")
    refused = re.findall(r"refused: (0x[0-9a-f]+)", r.stderr)
    xs = ["-X", ",".join(refused)] if refused else []
    print(f"floor: {len(refused)} functions whose first instruction the "
          f"kernel will not probe (ENOTSUPP), left out", flush=True)

    dt_ok = os.access(a.dtrace, os.X_OK)
    dfunc = "" if glob == "*" else glob    # pid$target:libc.so.6::entry
    dscript = (f"pid$target:libc.so.6:{dfunc}:entry {{ @ = count(); }} "
               "BEGIN { printf(\"ready\\n\"); }")
    res = {"floor": [], "dtrace": []}
    dt_error = None if dt_ok else f"{a.dtrace} not built"
    for rnd in range(rounds):
        order = ["floor", "dtrace"] if rnd % 2 == 0 else ["dtrace", "floor"]
        for name in order:
            if name == "floor":
                run = Run([ub, "-m", "-p", str(pid)] + xs + ["-a", lib, glob],
                          eof_stop=True).go()
            elif dt_error:
                continue
            else:
                run = Run([a.dtrace, "-p", str(pid), "-qn", dscript]).go()
            if run.error:
                if name == "dtrace":
                    dt_error = short_error(run.error)
                    print(f"dtrace: n/a ({dt_error})", flush=True)
                    continue
                die(f"floor failed: {run.error}")
            res[name].append(run)
            extra = ""
            if name == "floor":
                extra = (f"  (attach {run.field(ATTACH)} ms, "
                         f"detach {run.field(DETACH)} ms, "
                         f"{run.field(PROBES, int)} probes)")
            print(f"round {rnd + 1}/{rounds}  {name:8} arm {ms(run.arm):>9}"
                  f"  disarm {ms(run.disarm):>9}{extra}", flush=True)

    # dtrace's probe count and the listing with -c ls.
    dt_probes, lists = None, []
    if not dt_error:
        r = subprocess.run([a.dtrace, "-l", "-p", str(pid), "-n",
                            f"pid$target:libc.so.6:{dfunc}:entry"],
                           capture_output=True, text=True, timeout=600)
        if r.returncode == 0 and "failed to match" not in r.stderr:
            dt_probes = max(len(r.stdout.splitlines()) - 1, 0)
    lcmd = [a.dtrace, "-l", "-n", f"pid$target:libc.so.6:{dfunc}:entry",
            "-c", "ls"]
    list_error = None if dt_ok else f"{a.dtrace} not built"
    for _ in range(rounds if dt_ok else 0):
        t0 = time.monotonic()
        r = subprocess.run(lcmd, capture_output=True, text=True, timeout=600,
                           cwd="/")
        t = time.monotonic() - t0
        if r.returncode != 0 or "failed to match" in r.stderr:
            list_error = short_error(
                (r.stderr.strip() or "failed").splitlines()[0])
            break
        lists.append((t, max(len(r.stdout.splitlines()) - 1, 0)))
    if dt_ok:
        print(f"dtrace -l -c ls: " + (f"n/a ({list_error})" if list_error
              else ", ".join(f"{ms(t)} ({n} probes)" for t, n in lists)),
              flush=True)

    perf = None
    if a.perf_floor:
        print("perf floor: one perf-event uprobe per function...", flush=True)
        perf = Run([ub, "-p", str(pid)] + xs + ["-a", lib, glob],
                   eof_stop=True, timeout=a.bpftrace_timeout).go()
        print(f"perf floor: arm {ms(perf.arm)}, disarm {ms(perf.disarm)}"
              + (f" ({perf.error})" if perf.error else ""), flush=True)

    bt = None
    bt_note = ""
    if not a.no_bpftrace and shutil.which("bpftrace"):
        # bpftrace refuses more than 512 probes unless told.
        os.environ["BPFTRACE_MAX_PROBES"] = "100000"
        pred = f"/pid == {pid}/ {{ @ = count(); }}\n" \
            "BEGIN { printf(\"ready\\n\"); }\n"
        if a.bpftrace_glob:
            # The script as it is: every symbol name, aliases
            # and versioned names too.
            prog = f"uprobe:{lib}:{glob} " + pred
            bt_note = f"`uprobe:{lib}:{glob}`"
        else:
            # The floor's functions, by name: one name per address, names
            # bpftrace can parse and that name one function only.
            r = subprocess.run([ub, "-l"] + xs + ["-a", lib, glob],
                               capture_output=True, text=True, timeout=120)
            if r.returncode != 0:
                die(f"libbpf_uprobe -l failed: {r.stderr.strip()}")
            names = [l.split()[1] for l in r.stdout.splitlines()]
            seen = {}
            for nm in names:
                seen[nm] = seen.get(nm, 0) + 1
            ok = [nm for nm in names if seen[nm] == 1 and
                  re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", nm)]
            prog = ",\n".join(f"uprobe:{lib}:{nm}" for nm in ok) + "\n" + pred
            bt_note = (f"the floor's functions by name: {len(ok):,} of "
                       f"{len(names):,} (left out: names bpftrace cannot "
                       f"parse, e.g. `.cold` parts, and names of more than "
                       f"one function)")
        script = os.path.join(bdir, "pid_arm.bt")
        with open(script, "w") as f:
            f.write(prog)
        print(f"bpftrace (once, timeout {a.bpftrace_timeout:.0f} s each to "
              f"arm and to disarm; {bt_note})...", flush=True)
        bt = Run(["bpftrace", script],
                 timeout=a.bpftrace_timeout, resend=True).go()
        print(f"bpftrace: arm {ms(bt.arm)}, disarm {ms(bt.disarm)}"
              + (f" ({bt.error})" if bt.error else ""), flush=True)

    # ------------------------------------------------------------ report
    fl = res["floor"]
    print()
    print(f"Arming `{glob}` of libc ({lib}) in a sleeping process, "
          f"R={rounds} rounds (bpftrace once), medians")
    print()
    print("| tool | probes armed | arm (start to ready) | attach alone | "
          "disarm (stop to exit) |")
    print("| --- | --- | --- | --- | --- |")
    print(f"| libbpf multi-uprobe link (floor) | "
          f"{fl[0].field(PROBES, int):,} "
          f"({len(refused)} refused) | {ms(med(r.arm for r in fl))} | "
          f"{ms(med(r.field(ATTACH) / 1e3 for r in fl))} | "
          f"{ms(med(r.disarm for r in fl))} |")
    dt = res["dtrace"]
    if dt:
        print(f"| dtrace | {dt_probes if dt_probes is not None else '?'} | "
              f"{ms(med(r.arm for r in dt))} | - | "
              f"{ms(med(r.disarm for r in dt))} |")
    else:
        print(f"| dtrace | n/a ({dt_error}) | | | |")
    if perf:
        print(f"| libbpf, a perf-event uprobe per function | "
              f"{perf.field(PROBES, int) or 'n/a'} | "
              f"{ms(perf.arm)} | "
              f"{ms((perf.field(ATTACH) or 0) / 1e3)} | "
              f"{ms(perf.disarm)} |")
    if bt:
        n = bt.field(r"Attaching (\d+) probes", int)
        att = bt.arm - bt.attach_line_t if bt.arm is not None and \
            bt.attach_line_t is not None else None
        print(f"| bpftrace (one run; {bt_note}) | "
              + (f"{n - 1:,} (+ BEGIN)" if n else "?") + " | "
              f"{ms(bt.arm)} | {ms(att)} | {ms(bt.disarm)} |"
              + (f" {bt.error}" if bt.error else ""))
    print()
    if dt and bt and bt.arm and bt.disarm:
        da, dd = med(r.arm for r in dt), med(r.disarm for r in dt)
        print(f"dtrace / bpftrace: arm {da / bt.arm:.3f}x, disarm "
              f"{dd / bt.disarm:.3f}x, arm + disarm "
              f"{(da + dd) / (bt.arm + bt.disarm):.3f}x")
    elif bt:
        print(f"dtrace / bpftrace: n/a ({dt_error})")
    if lists:
        print(f"`dtrace -l -n 'pid$target:libc.so.6:{dfunc}:entry' -c ls`: "
              f"{ms(med(t for t, _ in lists))} (median of {len(lists)}), "
              f"{lists[0][1]:,} probes listed")
    else:
        print(f"`dtrace -l -n 'pid$target:libc.so.6:{dfunc}:entry' -c ls`: "
              f"n/a ({list_error})")

    # ------------------------------------------------------------ leftovers
    if before is not None:
        time.sleep(0.2)
        left = ours & (prog_ids() or set())
        if left:
            print(f"pid_arm: ERROR: programs of our tracers still loaded: "
                  f"{sorted(left)}", file=sys.stderr)
            return 1
        print(f"none of the {len(ours)} BPF programs our tracers loaded is "
              f"left (bpftool prog show)")
    return 0


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGHUP, on_signal)
    rc = 1
    try:
        rc = main()
    except KeyboardInterrupt:
        print("pid_arm: interrupted", file=sys.stderr)
        rc = 130
    finally:
        cleanup()
    sys.exit(rc)
