#!/usr/bin/env python3
"""usdt_later.py - what tracing processes started later costs, and how soon
they are traced, under a USDT glob enabling (issue 17 item 1).

A process running tests/d/progs/usdt_prog.c (probe usdtprog:::work) is
started first, so that the glob has a process to match at start; then,
while `dtrace -qn 'usdtprog*:::work { ... }'` runs:

  cost      bench/fork_loop N (forks whose child exits at once) and
            bench/fork_loop N/4 exec (fork+exec of /bin/true): microseconds
            per fork and per fork+exec with no dtrace, with dtrace and
            DTRACE_USDT_NOLATE=1 (no exec, fork or linker watch), and with
            dtrace as it is (the watch on: a ring record per exec, fork and
            ld.so _dl_debug_state call, the consumer reading each new
            process's maps).
  latency   K processes, each a fresh copy of usdt_prog (another object,
            so found only through the exec watch), each firing work every
            millisecond from its start (usdt_prog 300 1): the number of the
            first firing dtrace records, per process (1: none lost; each
            lost firing is about a millisecond).

R rounds, medians printed; nothing asserted.

Usage: bench/usdt_later.py [-n N] [-k K] [-r R] [--dtrace PATH]   (as root)
"""
import argparse, os, shutil, statistics, subprocess, sys, tempfile, time

here = os.path.dirname(os.path.abspath(__file__))
top = os.path.dirname(here)


def die(msg):
    sys.exit(f"usdt_later: {msg}")


def cc(src, out):
    r = subprocess.run([os.environ.get("CC", "cc"), "-O2", "-o", out, src],
                       capture_output=True, text=True, timeout=120)
    if r.returncode != 0:
        die(f"build of {src} failed: {r.stderr}")


def start_dtrace(dt, script, out, env=None):
    p = subprocess.Popen([dt, "-qn", script, "-n", 'BEGIN { printf("ready\\n"); }',
                          "-o", out], stderr=subprocess.PIPE, text=True,
                         env=env)
    for _ in range(600):
        if os.path.exists(out) and "ready" in open(out).read():
            return p
        if p.poll() is not None:
            die(f"dtrace exited: {p.stderr.read()}")
        time.sleep(0.1)
    p.kill()
    die("dtrace did not start")


def stop(p):
    p.send_signal(2)
    try:
        p.wait(timeout=60)
    except subprocess.TimeoutExpired:
        p.kill()
        p.wait()


def fork_costs(loop, n):
    f = subprocess.run([loop, str(n)], capture_output=True, text=True).stdout.split()
    e = subprocess.run([loop, str(max(n // 4, 1)), "exec"], capture_output=True,
                       text=True).stdout.split()
    return float(f[0]), float(e[0])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-n", type=int, default=2000, help="forks a round")
    ap.add_argument("-k", type=int, default=6, help="later processes a round")
    ap.add_argument("-r", type=int, default=3, help="rounds")
    ap.add_argument("--dtrace", default=os.path.join(top, "build", "dtrace"))
    a = ap.parse_args()
    if os.geteuid() != 0:
        die("run as root")
    tmp = tempfile.mkdtemp(prefix="usdt_later.")
    first = None
    try:
        loop = os.path.join(tmp, "fork_loop")
        cc(os.path.join(here, "fork_loop.c"), loop)
        prog = os.path.join(top, "tests", "d", "progs", "usdt_prog.c")
        cc(prog, os.path.join(tmp, "first"))
        first = subprocess.Popen([os.path.join(tmp, "first"), "0", "100"],
                                 stdout=subprocess.DEVNULL)
        time.sleep(0.2)
        script = 'usdtprog*:::work { @ = count(); }'
        cost = {k: ([], []) for k in ("none", "dtrace, no watch", "dtrace")}
        lat = []
        for rnd in range(a.r):
            for name in cost:
                p = None
                if name != "none":
                    env = dict(os.environ)
                    if name == "dtrace, no watch":
                        env["DTRACE_USDT_NOLATE"] = "1"
                    p = start_dtrace(a.dtrace, script, os.path.join(tmp, "out"), env)
                fo, fe = fork_costs(loop, a.n)
                if p:
                    stop(p)
                    os.unlink(os.path.join(tmp, "out"))
                cost[name][0].append(fo)
                cost[name][1].append(fe)
                print(f"round {rnd + 1}/{a.r}  {name:17} {fo:8.1f} us/fork "
                      f"{fe:8.1f} us/fork+exec", flush=True)
            # latency: K fresh objects, each run once
            bins = []
            for i in range(a.k):
                b = os.path.join(tmp, f"later{i}")
                cc(prog, b)
                bins.append(b)
            out = os.path.join(tmp, "lat")
            p = start_dtrace(a.dtrace, f'usdtprog*:::work /pid != {first.pid}/ '
                             '{ printf("%d %d\\n", pid, arg0); }', out)
            pids = set()
            for b in bins:
                q = subprocess.Popen([b, "300", "1"], stdout=subprocess.DEVNULL)
                pids.add(str(q.pid))
                q.wait()
                time.sleep(0.2)
            time.sleep(0.5)
            stop(p)
            m = {}
            for line in open(out):
                w = line.split()
                if len(w) == 2 and w[0] in pids:
                    m[w[0]] = min(m.get(w[0], 1 << 30), int(w[1]))
            os.unlink(out)
            got = sorted(m.values())
            print(f"round {rnd + 1}/{a.r}  first firing traced: {got} "
                  f"({len(got)} of {a.k} processes)", flush=True)
            lat += got + [None] * (a.k - len(got))
        print()
        print("| dtrace | us per fork (median) | us per fork+exec (median) |")
        print("| --- | --- | --- |")
        for name, (fo, fe) in cost.items():
            print(f"| {name} | {statistics.median(fo):.1f} | {statistics.median(fe):.1f} |")
        seen = [x for x in lat if x is not None]
        print()
        print(f"first firing traced in a later process: median "
              f"{statistics.median(seen) if seen else '-'}, max "
              f"{max(seen) if seen else '-'}, untraced {lat.count(None)} of {len(lat)}")
    finally:
        if first:
            first.kill()
            first.wait()
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
