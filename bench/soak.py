#!/usr/bin/env python3
"""soak.py - dtrace run for a chosen time at a chosen event rate: nothing
lost unaccounted, memory flat, nothing left behind.

Runs (as root)

  build/dtrace -q -o OUT -c 'soak_gen N RATE' -n '
      syscall::getppid:entry /pid == $target/ { printf("%d\\n", pid); }'

(or, with --probe pid, pid$target:a.out:soak_event:entry printing the
event's index arg0), where bench/soak_gen.c makes exactly N = SECONDS x
RATE events at RATE per second, one getppid() each.  While dtrace runs it
samples dtrace's resident set (VmRSS) every second and the ids of the BPF
programs, maps and links its file descriptors hold (/proc/PID/fdinfo).
Then it checks and reports:

  - records + drops == events, exactly: records are the lines of OUT
    (with --probe pid, distinct indexes in 0..N-1), drops the sum of
    dtrace's "N drops on CPU M" reports; any other stderr line is shown;
  - dtrace's resident set: after the first tenth of the run, at the end,
    the largest, and the growth between the two (printed, not judged:
    flat means a growth of a few pages at most);
  - leaks: none of dtrace's programs, maps or links is left after it
    exited (bpftool, waiting up to 10 s: the kernel frees them
    asynchronously), and tracefs's uprobe_events and dynamic_events name
    nothing of soak_gen's.

Exit status 0 if the count is exact, dtrace exited 0 and nothing leaked.

Usage: bench/soak.py [-s SECONDS] [-r RATE] [-n EVENTS] [--probe syscall|pid]
                     [-b BUFSIZE] [--dtrace PATH] [--builddir DIR]
       (defaults: 60 s at 50000 events/s, dtrace's own buffer size;
       RATE 0: EVENTS as fast as soak_gen can)
"""
import argparse, atexit, json, os, re, shutil, subprocess, sys, tempfile, time

here = os.path.dirname(os.path.abspath(__file__))
top = os.path.dirname(here)
TRACEFS = "/sys/kernel/tracing"
PROGS = {
    "syscall": 'syscall::getppid:entry /pid == $target/ { printf("%d\\n", pid); }',
    "pid": 'pid$target:a.out:soak_event:entry { printf("%d\\n", arg0); }',
}
DROP = re.compile(r"^dtrace: (\d+) drops? on CPU \d+$")


def die(msg):
    sys.exit(f"soak: {msg}")


def build(bdir):
    os.makedirs(bdir, exist_ok=True)
    cc = os.environ.get("CC", "cc")
    out = os.path.join(bdir, "soak_gen")
    cmd = [cc, "-O2", "-Wall", "-o", out, os.path.join(here, "soak_gen.c")]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    if r.returncode != 0:
        die(f"build of soak_gen.c failed:\n{' '.join(cmd)}\n{r.stderr}")
    return out


def tracefs_lines():
    lines = set()
    for f in ("uprobe_events", "dynamic_events"):
        try:
            with open(os.path.join(TRACEFS, f)) as fp:
                lines.update(fp.read().splitlines())
        except OSError:
            pass
    return lines


def rss_kib(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


def own_ids(pid, ids):
    """add the BPF object ids process pid's descriptors hold to ids"""
    d = f"/proc/{pid}/fdinfo"
    try:
        fds = os.listdir(d)
    except OSError:
        return
    for fd in fds:
        try:
            with open(os.path.join(d, fd)) as f:
                for line in f:
                    k, _, v = line.partition(":")
                    if k in ("prog_id", "map_id", "link_id"):
                        ids[k[:-3]].add(int(v))
        except (OSError, ValueError):
            pass


def bpftool_ids(kind):
    r = subprocess.run(["bpftool", "-j", kind, "show"], capture_output=True, text=True,
                       timeout=30)
    if r.returncode != 0:
        die(f"bpftool {kind} show failed: {r.stderr.strip()}")
    return {o["id"] for o in json.loads(r.stdout or "[]")}


def leaks(ids, gen, before):
    """what is left of dtrace after it exited: [description, ...]"""
    left = []
    for kind in ("prog", "map", "link"):
        for _ in range(100):
            still = ids[kind] & bpftool_ids(kind)
            if not still:
                break
            time.sleep(0.1)
        left += [f"BPF {kind} {i}" for i in sorted(still)]
    left += [f"tracefs: {l}" for l in tracefs_lines() - before if gen in l]
    return left


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-s", "--seconds", type=float, default=60)
    ap.add_argument("-r", "--rate", type=int, default=50000)
    ap.add_argument("--probe", choices=sorted(PROGS), default="syscall")
    ap.add_argument("-n", "--events", type=int,
                    help="events to make (default SECONDS x RATE; needed with RATE 0)")
    ap.add_argument("-b", "--bufsize")
    ap.add_argument("--dtrace", default=os.path.join(top, "build", "dtrace"))
    ap.add_argument("--builddir", default=os.path.join(here, "build"))
    args = ap.parse_args()
    if os.geteuid() != 0:
        die("must run as root")
    if not shutil.which("bpftool"):
        die("bpftool is needed")
    n = args.events if args.events is not None else int(args.seconds * args.rate)
    if n <= 0:
        die("no events: SECONDS x RATE (or -n) must be > 0")
    if args.rate <= 0:
        args.seconds = 10   # for the deadline: unknown, taken as 10 s
    gen = build(args.builddir)
    before = tracefs_lines()
    tmp = tempfile.mkdtemp(prefix="soak.")
    atexit.register(shutil.rmtree, tmp, True)
    out, err, genout = (os.path.join(tmp, f) for f in ("out", "err", "gen"))
    cmd = [args.dtrace, "-q", "-o", out, "-c", f"{gen} {n} {args.rate}"]
    if args.bufsize:
        cmd += ["-b", args.bufsize]
    cmd += ["-n", PROGS[args.probe]]
    ids = {"prog": set(), "map": set(), "link": set()}
    rss = []            # (seconds since start, KiB)
    with open(genout, "w") as go, open(err, "w") as ge:
        t0 = time.monotonic()
        d = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=go, stderr=ge)
        deadline = t0 + 3 * args.seconds + 120
        while d.poll() is None:
            own_ids(d.pid, ids)
            k = rss_kib(d.pid)
            if k is not None:
                rss.append((time.monotonic() - t0, k))
            if time.monotonic() > deadline:
                d.kill()
                d.wait()
                die(f"dtrace did not end in {deadline - t0:.0f} s")
            try:        # often until its objects are seen, then every second
                d.wait(timeout=1 if ids["prog"] else 0.02)
            except subprocess.TimeoutExpired:
                pass
        wall = time.monotonic() - t0
    ok = True
    with open(genout) as f:
        g = f.read().split()
    made, took = (int(g[0]), float(g[1])) if len(g) == 2 else (None, None)
    records = 0
    seen = set()
    with open(out, "rb") as f:
        for line in f:          # (and the blank line that ends the output)
            if line.strip().isdigit():
                records += 1
                if args.probe == "pid":
                    seen.add(int(line))
    drops, other = 0, []
    with open(err) as f:
        for line in f.read().splitlines():
            m = DROP.match(line)
            if m:
                drops += int(m.group(1))
            else:
                other.append(line)
    print(f"dtrace {' '.join(cmd[1:-2])} -n '{PROGS[args.probe]}'")
    print(f"exit status {d.returncode}, wall {wall:.1f} s")
    if d.returncode != 0:
        ok = False
    if made != n:
        print(f"soak_gen made {made} events, not {n}")
        ok = False
    else:
        print(f"events {n} in {took:.1f} s ({n / took:.0f}/s, asked {args.rate}/s)")
    exact = records + drops == n
    print(f"records {records} + drops {drops} = {records + drops}: "
          f"{'== events' if exact else 'MISMATCH, events %d' % n}")
    ok &= exact
    if args.probe == "pid" and (len(seen) != records or any(i < 0 or i >= n for i in seen)):
        print(f"pid records: {len(seen)} distinct of {records}, not all in 0..{n - 1}")
        ok = False
    for line in other:
        print(f"stderr: {line}")
    warm = [k for t, k in rss if t >= wall / 10] or [k for _, k in rss]
    if warm:
        print(f"RSS of dtrace: {warm[0]} KiB after {wall / 10:.1f} s, {warm[-1]} KiB at the end, "
              f"max {max(k for _, k in rss)} KiB; growth {warm[-1] - warm[0]} KiB "
              f"({warm[-1] / warm[0]:.3f}x) over {len(warm)} samples")
    left = leaks(ids, gen, before)
    print(f"BPF objects seen: {len(ids['prog'])} programs, {len(ids['map'])} maps, "
          f"{len(ids['link'])} links; left after exit: {', '.join(left) if left else 'none'}")
    ok &= not left and bool(ids["prog"])
    print("OK" if ok else "FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
