# usdt_py.py - a Python workload of known probe counts for the usdtapps
# tests of python*:::function-entry, function-return and line.
# Measured on Debian's Python 3.11 (bpftrace usdt probes): entry/return
# fire for every frame the interpreter starts or resumes, calls it runs
# inline in its loop (direct) as well as calls from C (map) and each
# generator resumption, which enters at the yield's line (arg2 is the
# frame's current line: the def's line for a new frame).  line fires per
# line executed, a for loop's line once more than its iterations.
import sys


def direct(x):
    return x + 1


def from_c(x):
    return x * 2


def gen(n):
    for i in range(n):
        yield i


def main():
    for i in range(5):
        direct(i)
    list(map(from_c, range(7)))
    for _ in gen(3):
        pass


if len(sys.argv) > 1:
    sys.stdin.readline()
main()
