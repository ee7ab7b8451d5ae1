#!/usr/bin/env python3
"""compile_scale.py - does compile time grow linearly with script size?

Writes generated D scripts of 1,000, 5,000 and 20,000 lines in a few
shapes and compiles each with `dtrace -e` (compile only, nothing loaded):

  globals   many clauses on four probes, each clause assigning a new global
            (and reading the previous clause's)
  mixed     clauses over the real system call list (syscall::NAME:entry),
            with predicates, globals, thread-locals, clause-locals and
            aggregations keyed by new names
  probes    one short clause per probe description, the descriptions
            cycling over every system call's entry and return probes

For each script it reports callgrind's instruction count of the whole
dtrace process (stable on a noisy machine, the figure to compare) and the
minimum wall and CPU (user + system) times over R runs, then the ratio of the 20,000-line script
to the 1,000-line one for each shape (linear is 20x).  The whole run
includes dtrace's start (options, D libraries, the probe table), the same
for every size, which flatters the ratio; so it also prints the ratio of
the compiles alone: each count less that of a one-line script
(`BEGIN { exit(0); }`), the "growth" column.

Usage: bench/compile_scale.py [-r R] [--dtrace PATH] [--shapes a,b]
                              [--sizes 1000,5000,20000] [--no-callgrind]
       (as root: the syscall provider lists the system calls from tracefs)
"""
import argparse, os, re, shutil, subprocess, sys, tempfile, time

top = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TIMEOUT = 600


def syscalls():
    """the system call names with entry probes, from tracefs"""
    for d in ("/sys/kernel/tracing/events/syscalls",
              "/sys/kernel/debug/tracing/events/syscalls"):
        try:
            names = sorted(e[len("sys_enter_"):] for e in os.listdir(d)
                           if e.startswith("sys_enter_"))
        except OSError:
            continue
        if names:
            return names
    return ["read", "write", "openat", "close", "getppid", "ioctl"]


def gen_globals(lines):
    """clauses of 5 lines on four probes, each with a new global"""
    probes = ["BEGIN", "END", "syscall::read:entry", "tick-1s"]
    out, i = [], 0
    while len(out) + 5 <= lines:
        out += [probes[i % 4],
                f"/g{i // 2} >= 0/" if i else "/1/",
                "{",
                f"\tg{i} = {f'g{i // 2}' if i else '0'} + {i};",
                "}"]
        i += 1
    return out


def gen_mixed(lines, names):
    """clauses of 9 lines over the system calls, every kind of variable"""
    out, i = [], 0
    while len(out) + 9 <= lines:
        n = names[i % len(names)]
        out += [f"syscall::{n}:entry",
                f"/pid != {i} && v{i // 3} == 0/",
                "{",
                f"\tthis->t{i % 50} = timestamp;",
                f"\tself->s{i} = this->t{i % 50};",
                f"\tv{i} = self->s{i // 2} + {i};",
                f"\t@a{i % 500}[probefunc, {i}] = count();",
                f"\t@q{i}[execname] = sum(v{i});",
                "}"]
        i += 1
    return out


def gen_probes(lines, names):
    """one 3-line clause per description, cycling entry and return probes"""
    out, i = [], 0
    descs = [f"syscall::{n}:{s}" for s in ("entry", "return") for n in names]
    while len(out) + 3 <= lines:
        out += [descs[i % len(descs)], f"{{ c{i % 1000}++; }}", ""]
        i += 1
    return out


def script(shape, lines, names):
    body = {"globals": lambda: gen_globals(lines),
            "mixed": lambda: gen_mixed(lines, names),
            "probes": lambda: gen_probes(lines, names)}[shape]()
    while len(body) < lines:
        body.append("")
    return "\n".join(body) + "\n"


def compile_once(cmd):
    """(wall s, CPU s: user + system) of one compile"""
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    err = p.stderr.read()
    _, status, ru = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    dt = time.perf_counter() - t0
    if p.returncode != 0:
        sys.exit(f"compile_scale: {' '.join(cmd)} failed:\n{err[-2000:]}")
    return dt, ru.ru_utime + ru.ru_stime


def best(cmd, r):
    """the minimum wall and CPU times of r compiles"""
    runs = [compile_once(cmd) for _ in range(r)]
    return min(w for w, _ in runs), min(c for _, c in runs)


def instructions(cmd, tmp):
    """callgrind's total instruction count (Ir) of cmd"""
    out = os.path.join(tmp, "cg.out")
    r = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out]
                       + cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                       text=True, timeout=TIMEOUT * 10)
    if r.returncode != 0:
        sys.exit(f"compile_scale: callgrind of {' '.join(cmd)} failed:\n{r.stderr[-2000:]}")
    m = re.search(r"Collected\s*:\s*(\d+)", r.stderr)
    if not m:
        with open(out) as f:
            m = re.search(r"^(?:summary|totals):\s*(\d+)", f.read(), re.M)
    os.unlink(out)
    return int(m.group(1))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-r", type=int, default=3, help="wall-time runs per script")
    ap.add_argument("--dtrace", default=os.path.join(top, "build", "dtrace"))
    ap.add_argument("--shapes", default="globals,mixed,probes")
    ap.add_argument("--sizes", default="1000,5000,20000")
    ap.add_argument("--no-callgrind", action="store_true")
    ap.add_argument("--keep", help="write the scripts to this directory")
    a = ap.parse_args()
    sizes = [int(s) for s in a.sizes.split(",")]
    shapes = a.shapes.split(",")
    cg = not a.no_callgrind and shutil.which("valgrind")
    names = syscalls()
    tmp = a.keep or tempfile.mkdtemp()
    os.makedirs(tmp, exist_ok=True)
    res = {}
    base_ir = base_wall = 0
    path = os.path.join(tmp, "one-line.d")
    with open(path, "w") as f:
        f.write("BEGIN { exit(0); }\n")
    cmd = [a.dtrace, "-e", "-s", path]
    base_wall, base_cpu = best(cmd, a.r)
    base_ir = instructions(cmd, tmp) if cg else 0
    print(f"one-line script: {base_ir:,} instructions, {base_wall:.3f} s wall, {base_cpu:.3f} s CPU")
    print(f"{'shape':8} {'lines':>6} {'instructions':>15} {'min wall s':>11} {'min CPU s':>10}   (R={a.r})")
    for shape in shapes:
        for n in sizes:
            path = os.path.join(tmp, f"{shape}-{n}.d")
            with open(path, "w") as f:
                f.write(script(shape, n, names))
            cmd = [a.dtrace, "-e", "-s", path]
            wall, cpu = best(cmd, a.r)
            ir = instructions(cmd, tmp) if cg else 0
            res[(shape, n)] = (ir, wall, cpu)
            print(f"{shape:8} {n:6} {ir:15,} {wall:11.3f} {cpu:10.3f}", flush=True)
    if len(sizes) > 1:
        lo, hi = sizes[0], sizes[-1]
        print(f"\nratio {hi} / {lo} lines (linear: {hi / lo:.0f}x; growth: less the one-line script)")
        print(f"{'shape':8} {'instructions':>12} {'growth':>7} {'wall':>7} {'CPU':>7}")
        for shape in shapes:
            (i0, w0, c0), (i1, w1, c1) = res[(shape, lo)], res[(shape, hi)]
            ir = f"{i1 / i0:.1f}x" if i0 else "-"
            ig = f"{(i1 - base_ir) / (i0 - base_ir):.1f}x" if i0 > base_ir else "-"
            cr = f"{c1 / c0:.1f}x" if c0 else "-"
            print(f"{shape:8} {ir:>12} {ig:>7} {w1 / w0:6.1f}x {cr:>7}")
    if not a.keep:
        shutil.rmtree(tmp)


if __name__ == "__main__":
    main()
