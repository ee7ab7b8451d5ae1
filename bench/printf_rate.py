#!/usr/bin/env python3
"""printf_rate.py - the highest rate of printf("%s\\n", execname) records
dtrace writes to a file without a drop, with its default options, beside
bpftrace's.

Runs (as root), for each rate of a ladder,

  build/dtrace -q -o OUT -c 'soak_gen N RATE' -n '
      syscall::getppid:entry /pid == $target/ { printf("%s\\n", execname); }'
  bpftrace -o OUT -c 'soak_gen N RATE' -e '
      tracepoint:syscalls:sys_enter_getppid /pid == cpid/ { printf("%s\\n", comm); }'

where bench/soak_gen.c makes exactly N = RATE x SECONDS getppid() calls,
paced at RATE per second (the last rung, 0, as fast as it can), and prints
how long they took.  A run is drop-free when OUT holds all N records.  It
prints, per tool and rung, the rate asked and achieved, the records and
the drops; then each tool's drop-free rate (the highest achieved rate of a
drop-free run) and dtrace's over bpftrace's.  Printed, never asserted:
the figures depend on the machine and its load.

With -k K, K such clauses (bpftrace: K such probe blocks) on the event:
K records an event, so that the record rate is not bounded by how many
system calls a second the generator can make (about 0.5-0.9 M here);
the rates of --rates are events a second, the rates printed records a
second (asked: RATE x K), and a run is drop-free when OUT holds K x N.

Usage: bench/printf_rate.py [-s SECONDS] [--rates R1,R2,...] [--dtrace PATH]
                            [--no-bpftrace] [--strsize S] [-b BUFSIZE] [-k K]
(--dtrace another build, e.g. main's, to compare; -b a small buffer to
see the drops at rates a loaded machine can make)
"""
import argparse, os, shutil, subprocess, sys, tempfile

here = os.path.dirname(os.path.abspath(__file__))
top = os.path.dirname(here)


def build(bdir):
    out = os.path.join(bdir, "soak_gen")
    cc = os.environ.get("CC", "cc")
    subprocess.run([cc, "-O2", "-Wall", "-o", out, os.path.join(here, "soak_gen.c")],
                   check=True, timeout=120)
    return out


def run(tool, cmd, gen, n, rate, tmp, strsize, bufsize, k=1):
    out = os.path.join(tmp, "out")
    if os.path.exists(out):
        os.unlink(out)
    target = f"{gen} {n} {rate}"
    if tool == "bpftrace":
        argv = ["bpftrace", "-o", out, "-c", target, "-e", " ".join(
                ['tracepoint:syscalls:sys_enter_getppid /pid == cpid/ { printf("%s\\n", comm); }'] * k)]
    else:
        argv = [cmd, "-q", "-o", out, "-c", target, "-n", " ".join(
                ['syscall::getppid:entry /pid == $target/ { printf("%s\\n", execname); }'] * k)]
        if strsize:
            argv[1:1] = ["-x", f"strsize={strsize}"]
        if bufsize:
            argv[1:1] = ["-b", bufsize]
    p = subprocess.run(argv, capture_output=True, text=True, timeout=600)
    made, secs = n, None
    for line in p.stdout.splitlines():
        w = line.split()
        if len(w) == 2 and w[0].isdigit():
            made, secs = int(w[0]), float(w[1])
    records = 0
    with open(out, "rb") as f:
        for line in f:
            records += line == b"soak_gen\n"
    return made, secs, records, p.returncode, p.stderr.strip()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-s", "--seconds", type=float, default=2.0)
    ap.add_argument("--rates", default="500000,1000000,1500000,2000000,2500000,3000000,4000000,0")
    ap.add_argument("--dtrace", default=os.path.join(top, "build", "dtrace"))
    ap.add_argument("--no-bpftrace", action="store_true")
    ap.add_argument("--strsize", type=int, default=0, help="dtrace -x strsize (default: its own)")
    ap.add_argument("-b", "--bufsize", default="", help="dtrace -b (default: its own)")
    ap.add_argument("-k", "--clauses", type=int, default=1,
                    help="K clauses (bpftrace: K probe blocks) on the event, each printing: K records an event")
    args = ap.parse_args()
    if os.geteuid() != 0:
        sys.exit("printf_rate: run as root")
    rates = [int(r) for r in args.rates.split(",")]
    tools = ["dtrace"] + ([] if args.no_bpftrace or not shutil.which("bpftrace") else ["bpftrace"])
    tmp = tempfile.mkdtemp(prefix="printf_rate.")
    try:
        gen = build(tmp)
        best = {}
        k = args.clauses
        print(f"{k} record(s) an event; rates are records/s")
        print(f"{'tool':9} {'asked/s':>9} {'achieved/s':>11} {'events':>9} {'records':>9} {'drops':>8}")
        for tool in tools:
            best[tool] = 0.0
            for rate in rates:
                n = int((rate or 3000000 // k) * args.seconds)
                made, secs, rec, rc, err = run(tool, args.dtrace, gen, n, rate, tmp, args.strsize,
                                               args.bufsize, k)
                got = k * made / secs if secs else 0.0
                drops = k * made - rec
                print(f"{tool:9} {rate * k or 'max':>9} {got:>11.0f} {made:>9} {rec:>9} {drops:>8}"
                      + ("" if rc == 0 else f"  (exit {rc}: {err[:80]})"), flush=True)
                if drops == 0 and rc == 0 and got > best[tool]:
                    best[tool] = got
        for tool in tools:
            print(f"{tool}: drop-free printf rate {best[tool] / 1e6:.2f} M records/s")
        if best.get("bpftrace"):
            print(f"dtrace / bpftrace: {best['dtrace'] / best['bpftrace']:.2f}x")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
