#!/usr/bin/env python3
"""dlopen_first.py - how soon probes in a library a traced process
dlopen()s fire (issue 16 item 5 and issue 17 item 1: descriptions naming a
process apply to the libraries it maps later).

tests/d/progs/usdt_lib.c built as the library (usdtlib:::tick in
lib_tick(i)) and as usdt_dlopen LIB 1 300: a program that dlopen()s the
library 300 ms after its start and then calls lib_tick(i) every
millisecond.  Each round runs

  usdt   dtrace -Z -qn 'usdtlib$target:::tick { ... exit(0); }' -c PROG
  pid    dtrace -Z -qn 'pid$target::lib_tick:entry { ... exit(0); }' -c PROG

and takes arg0 of the first firing dtrace records: the number of calls
made before the new probes were linked (0: none missed; each is about a
millisecond).  No bpftrace row: bpftrace names a library by its path
(uprobe:/path/libusdtlib.so:lib_tick), attached by inode before the
process starts, so it misses nothing, where a DTrace description names
the module by the base name it has in the process, known only once it
is mapped.  R rounds, medians and maxima printed; nothing asserted.

Usage: bench/dlopen_first.py [-r R] [--dtrace PATH]   (as root)
"""
import argparse, os, shutil, statistics, subprocess, sys, tempfile

here = os.path.dirname(os.path.abspath(__file__))
top = os.path.dirname(here)


def die(msg):
    sys.exit(f"dlopen_first: {msg}")


def cc(args):
    r = subprocess.run([os.environ.get("CC", "cc")] + args, capture_output=True,
                       text=True, timeout=120)
    if r.returncode != 0:
        die(f"cc {' '.join(args)} failed: {r.stderr}")


def first(dt, script, prog):
    r = subprocess.run([dt, "-Z", "-qn", script, "-c", prog], capture_output=True,
                       text=True, timeout=60)
    for line in r.stdout.splitlines():
        if line.startswith("first "):
            return int(line.split()[1])
    die(f"no firing recorded: {r.stdout} {r.stderr}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-r", type=int, default=10)
    ap.add_argument("--dtrace", default=os.path.join(top, "build", "dtrace"))
    a = ap.parse_args()
    if os.geteuid() != 0:
        die("run as root")
    src = os.path.join(top, "tests", "d", "progs", "usdt_lib.c")
    tmp = tempfile.mkdtemp()
    try:
        lib = os.path.join(tmp, "libusdtlib.so")
        prog = os.path.join(tmp, "usdt_dlopen")
        cc(["-O2", "-fPIC", "-shared", "-DUSDT_LIB", "-o", lib, src])
        cc(["-O2", "-DUSDT_DLOPEN", "-o", prog, src])
        cmd = f"{prog} {lib} 1 300"
        rows = {
            "usdt": 'usdtlib$target:::tick { printf("first %d\\n", arg0); exit(0); }',
            "pid": 'pid$target::lib_tick:entry { printf("first %d\\n", arg0); exit(0); }',
        }
        got = {k: [] for k in rows}
        for _ in range(a.r):
            for k, s in rows.items():
                got[k].append(first(a.dtrace, s, cmd))
        print(f"calls made before the first traced one, 1 ms apart, R={a.r}")
        for k, v in got.items():
            print(f"  {k:5s} median {statistics.median(v):5.1f}  max {max(v):3d}  all {v}")
    finally:
        shutil.rmtree(tmp)


if __name__ == "__main__":
    main()
