#!/usr/bin/env python3
"""dlib_startup.py - what the D libraries cost `BEGIN { exit(0); }`.

Runs `dtrace -qn 'BEGIN { exit(0); }'` alternately N times with the
default libraries, with -x nolibs, and with one more -L library of 1500
inlines and 100 struct typedefs (written to a temporary directory), and
prints the minimum and median wall time of each (the minimum is the
figure to compare on a busy machine).  Libraries are only parsed at
start; a library is compiled when a program uses a name it defines.
Usage: bench/dlib_startup.py [N] [DTRACE]   (as root; default N = 50)
"""
import os, statistics, subprocess, sys, tempfile, time

N = int(sys.argv[1]) if len(sys.argv) > 1 else 50
top = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
dtrace = sys.argv[2] if len(sys.argv) > 2 else os.path.join(top, "build", "dtrace")
tmp = tempfile.mkdtemp()
with open(os.path.join(tmp, "big.d"), "w") as f:
    for i in range(1500):
        f.write(f"inline int BENCH_{i} = {i};\n")
    for i in range(100):
        f.write(f"typedef struct bench{i} {{\n\tint a;\n\tlong b;\n\tchar c[16];\n"
                f"\tuint64_t d;\n}} bench{i}_t;\n")
prog = ["-qn", "BEGIN { exit(0); }"]
cmds = {
    "default libraries": [dtrace] + prog,
    "-x nolibs": [dtrace, "-x", "nolibs"] + prog,
    "+ a 2100-line library": [dtrace, "-L", tmp] + prog,
}
res = {k: [] for k in cmds}
for _ in range(N):
    for k, c in cmds.items():
        t0 = time.perf_counter()
        r = subprocess.run(c, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        res[k].append((time.perf_counter() - t0) * 1e3)
        if r.returncode != 0:
            sys.exit(f"{' '.join(c)} failed: {r.returncode}")
for name in os.listdir(tmp):
    os.unlink(os.path.join(tmp, name))
os.rmdir(tmp)
print(f"{'':24} {'min ms':>8} {'median ms':>10}   (N={N})")
for k, v in res.items():
    print(f"{k:24} {min(v):8.2f} {statistics.median(v):10.2f}")
