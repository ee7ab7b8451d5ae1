#!/usr/bin/env python3
"""versus.py - one dtrace build against another, on the same run.

Usage: bench/versus.py OLD NEW [-r ROUNDS] [-n CALLS]   (as root)

OLD and NEW are dtrace binaries (e.g. a build of an earlier commit and
build/dtrace).  Each figure is measured for both, in interleaved rounds,
and reported as NEW/OLD:

  bpf        the BPF programs both generate (-S) for a set of scripts:
             identical programs cost the same per firing, whatever the
             machine is doing
  startup    wall time of `dtrace -qn 'BEGIN { exit(0); }'` (median)
  startup-ir user-space instructions of the same run (callgrind: stable
             on a noisy machine)
  compile    instructions to compile (-e) generated scripts of 1,000
             and 5,000 lines (callgrind)
  probe      ns per getppid() call with `syscall::getppid:entry { n++; }`
             enabled, minus the same without a tracer (median over rounds)
"""
import argparse, os, re, statistics, subprocess, sys, tempfile, time

top = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

SCRIPTS = [
    "BEGIN { exit(0); }",
    "syscall::getppid:entry { n++; }",
    "syscall::openat:entry { @[execname, copyinstr(arg1)] = count(); }",
    "syscall::read:return /arg0 > 0/ { @q[execname] = quantize(arg0); printf(\"%d %s\\n\", pid, execname); }",
    "sdt:sched::sched_switch { self->t = timestamp; } sdt:sched::sched_switch /self->t/ { @a = avg(timestamp - self->t); }",
    "profile-97 { @[curcpu->cpu_id] = count(); } tick-1s { printa(@); trunc(@); }",
    "BEGIN { x = strjoin(\"a\", \"b\"); y = substr(x, 1); trace(strlen(y)); exit(0); }",
]


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def bpf(binary, script):
    """The disassembly -S prints, without map fds and ids that vary."""
    r = run([binary, "-S", "-n", script + " tick-1ms { exit(0); }"], timeout=60)
    # the instructions' mnemonics (maps by name); the raw words carry
    # map fds, which depend on the order files were opened
    return [re.sub(r"^\d{4} \d{4}: [0-9a-f]{2} \w \w [0-9a-f]{4} [0-9a-f]{8}", "", l)
            for l in r.stderr.splitlines() if not l.startswith("dtrace:")]


def wall(cmd):
    t0 = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - t0


def instructions(cmd):
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "cg.out")
        r = run(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out] + cmd)
        m = re.search(r"Collected : (\d+)", r.stderr)
        return int(m.group(1)) if m else None


def script_of(lines):
    parts = ["#pragma D option quiet"]
    i = 0
    while len(parts) < lines:
        parts.append("syscall::getppid:entry /pid == %d/ { a%d = %d; @c%d[execname] = count(); }" % (i, i % 50, i, i % 20))
        i += 1
    return "\n".join(parts) + "\n"


def build_loop():
    b = os.path.join(top, "bench", "build")
    os.makedirs(b, exist_ok=True)
    exe = os.path.join(b, "getppid_loop")
    src = os.path.join(top, "bench", "getppid_loop.c")
    if not os.path.exists(exe) or os.path.getmtime(exe) < os.path.getmtime(src):
        subprocess.run(["gcc", "-O2", "-o", exe, src], check=True)
    return exe


def probe_cost(binary, loop, n):
    """ns/call with binary's counting clause attached (None: no tracer)."""
    p = None
    if binary:
        p = subprocess.Popen([binary, "-qn", "BEGIN { printf(\"ready\\n\"); } syscall::getppid:entry { n++; }"],
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        if p.stdout.readline().strip() != "ready":
            p.kill()
            sys.exit("versus.py: %s did not start" % binary)
    try:
        out = run([loop, str(n)]).stdout.split()
        return float(out[0])
    finally:
        if p:
            p.terminate()
            p.wait()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("-r", type=int, default=5, help="rounds (default 5)")
    ap.add_argument("-n", type=int, default=2000000, help="getppid calls a round")
    a = ap.parse_args()
    old, new = os.path.abspath(a.old), os.path.abspath(a.new)

    same = sum(bpf(old, s) == bpf(new, s) for s in SCRIPTS)
    print("bpf         %d of %d scripts generate identical programs" % (same, len(SCRIPTS)))

    begin = ["-qn", "BEGIN { exit(0); }"]
    w = {old: [], new: []}
    for _ in range(max(a.r * 4, 20)):
        for b in (old, new):
            w[b].append(wall([b] + begin))
    mo, mn = statistics.median(w[old]), statistics.median(w[new])
    print("startup     old %.2f ms  new %.2f ms  new/old %.3f" % (mo * 1e3, mn * 1e3, mn / mo))
    io, inn = instructions([old] + begin), instructions([new] + begin)
    print("startup-ir  old %d  new %d  new/old %.3f" % (io, inn, inn / io))

    with tempfile.TemporaryDirectory() as d:
        for lines in (1000, 5000):
            f = os.path.join(d, "s%d.d" % lines)
            with open(f, "w") as fp:
                fp.write(script_of(lines))
            io, inn = instructions([old, "-e", "-s", f]), instructions([new, "-e", "-s", f])
            print("compile-%d old %d  new %d  new/old %.3f" % (lines, io, inn, inn / io))

    loop = build_loop()
    cost = {old: [], new: []}
    for _ in range(a.r):
        base = probe_cost(None, loop, a.n)
        for b in (old, new):
            cost[b].append(probe_cost(b, loop, a.n) - base)
    co, cn = statistics.median(cost[old]), statistics.median(cost[new])
    print("probe       old %.1f ns  new %.1f ns  new/old %.3f  (overhead per call, median of %d)"
          % (co, cn, cn / co if co > 0 else float("nan"), a.r))


if __name__ == "__main__":
    main()
