#!/usr/bin/env python3
"""io.py - cost of an io:::start aggregation, ours vs bpftrace, as ratios.

The workload is direct 4 KiB writes to a loop device this script sets up
on a temporary file (every write is one block request: one firing of
block_rq_issue).  Tracers:

  none              no tracer (baseline)
  bpftrace          bpftrace -e 'tracepoint:block:block_rq_issue
                        { @[args->dev] = count(); }'
                    (bpftrace 0.17's tracepoint record has the dev_t only;
                    it has no raw tracepoints to reach the disk's name)
  dtrace-statname   dtrace -qn 'io:::start { @[args[1]->dev_statname] = count(); }'
  dtrace-edev       dtrace -qn 'io:::start { @[args[0]->b_edev] = count(); }'
                    (the like-for-like key: the device number)

For each, per round: the tracer is started and counted as attached once
one of its BPF programs has run (a probe write; kernel.bpf_stats_enabled
is set for the run and restored), then N writes are timed, and the BPF
programs' own run time per firing is read from the kernel's statistics
(bpftool prog show: run_time_ns / run_cnt over the timed writes).  The
rotation of tracers changes every round.  Then start + teardown: the wall
time of each tracer's whole life with a clause on the probe and an exit
at BEGIN (dtrace '... BEGIN { exit(0); }', bpftrace '... BEGIN { exit(); }').

Usage: bench/io.py [-n N] [-r R] [--dtrace PATH]   (as root; N = 20000, R = 5)
"""
import argparse, json, mmap, os, signal, statistics, subprocess, sys, tempfile, time

here = os.path.dirname(os.path.abspath(__file__))
top = os.path.dirname(here)


def tracers(dtrace):
    return {
        "bpftrace": ["bpftrace", "-e", "tracepoint:block:block_rq_issue { @[args->dev] = count(); }"],
        "dtrace-statname": [dtrace, "-qn", "io:::start { @[args[1]->dev_statname] = count(); }"],
        "dtrace-edev": [dtrace, "-qn", "io:::start { @[args[0]->b_edev] = count(); }"],
    }


def lifecycle(dtrace):
    return {
        "bpftrace": ["bpftrace", "-e", "tracepoint:block:block_rq_issue { @[args->dev] = count(); } BEGIN { exit(); }"],
        "dtrace-statname": [dtrace, "-qn", "io:::start { @[args[1]->dev_statname] = count(); } BEGIN { exit(0); }"],
        "dtrace-edev": [dtrace, "-qn", "io:::start { @[args[0]->b_edev] = count(); } BEGIN { exit(0); }"],
    }


def prog_ids(pid):
    ids = set()
    d = "/proc/%d/fdinfo" % pid
    try:
        for fd in os.listdir(d):
            try:
                with open(os.path.join(d, fd)) as f:
                    for line in f:
                        if line.startswith("prog_id:"):
                            ids.add(int(line.split()[1]))
            except OSError:
                pass
    except OSError:
        pass
    return ids


def prog_stats(ids):
    """(run_cnt, run_time_ns) summed over the programs ids"""
    cnt = ns = 0
    for i in ids:
        out = subprocess.run(["bpftool", "-j", "prog", "show", "id", str(i)],
                             capture_output=True, text=True)
        if out.returncode:
            continue
        j = json.loads(out.stdout)
        cnt += j.get("run_cnt", 0)
        ns += j.get("run_time_ns", 0)
    return cnt, ns


class Disk:
    def __init__(self, size=64 << 20):
        self.dir = tempfile.mkdtemp()
        self.img = os.path.join(self.dir, "img")
        with open(self.img, "wb") as f:
            f.truncate(size)
        self.dev = subprocess.run(["losetup", "-f", "--show", self.img], check=True,
                                  capture_output=True, text=True).stdout.strip()
        self.fd = os.open(self.dev, os.O_WRONLY | os.O_DIRECT)
        self.buf = mmap.mmap(-1, 4096)      # page-aligned, as O_DIRECT needs
        self.blocks = size // 4096

    def write(self, n):
        """n direct writes; ns per write"""
        t0 = time.perf_counter_ns()
        for i in range(n):
            os.pwrite(self.fd, self.buf, (i % self.blocks) * 4096)
        return (time.perf_counter_ns() - t0) / n

    def close(self):
        os.close(self.fd)
        subprocess.run(["losetup", "-d", self.dev])
        os.unlink(self.img)
        os.rmdir(self.dir)


def stop(p):
    if p.poll() is None:
        p.send_signal(signal.SIGINT)
        try:
            p.wait(10)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()


def run_one(cmd, disk, n):
    """(ns per write, BPF ns per firing) with cmd tracing, or None"""
    if cmd is None:
        return disk.write(n), None
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.time() + 20
        while time.time() < deadline:
            if p.poll() is not None:
                sys.exit("%s: exited: %s" % (cmd[0], p.stderr.read().decode().strip()))
            ids = prog_ids(p.pid)
            disk.write(1)
            if ids and prog_stats(ids)[0] > 0:
                break
            time.sleep(0.05)
        else:
            sys.exit("%s: not attached after 20 s" % cmd[0])
        c0, t0 = prog_stats(ids)
        ns = disk.write(n)
        c1, t1 = prog_stats(ids)
        return ns, (t1 - t0) / (c1 - c0) if c1 > c0 else None
    finally:
        stop(p)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-n", type=int, default=20000)
    ap.add_argument("-r", type=int, default=5)
    ap.add_argument("--dtrace", default=os.path.join(top, "build", "dtrace"))
    a = ap.parse_args()
    with open("/proc/sys/kernel/bpf_stats_enabled") as f:
        stats_was = f.read().strip()
    with open("/proc/sys/kernel/bpf_stats_enabled", "w") as f:
        f.write("1")
    disk = Disk()
    tr = tracers(a.dtrace)
    names = ["none"] + list(tr)
    wr = {k: [] for k in names}
    bpf = {k: [] for k in tr}
    try:
        for r in range(a.r):
            order = names[r % len(names):] + names[:r % len(names)]
            for k in order:
                ns, per = run_one(tr.get(k), disk, a.n)
                wr[k].append(ns)
                if per is not None:
                    bpf[k].append(per)
        life = {k: [] for k in tr}
        lc = lifecycle(a.dtrace)
        for r in range(a.r):
            for k, cmd in lc.items():
                t0 = time.perf_counter()
                subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
                life[k].append((time.perf_counter() - t0) * 1000)
    finally:
        disk.close()
        with open("/proc/sys/kernel/bpf_stats_enabled", "w") as f:
            f.write(stats_was)
    med = statistics.median
    print("direct 4 KiB writes to a loop device, N=%d, %d rounds" % (a.n, a.r))
    print("%-16s %12s %12s %16s %14s" % ("tracer", "ns/write", "overhead", "BPF ns/firing", "start+stop ms"))
    base = med(wr["none"])
    for k in names:
        print("%-16s %12.0f %12s %16s %14s" % (k, med(wr[k]),
              "-" if k == "none" else "%.0f" % (med(wr[k]) - base),
              "%.0f" % med(bpf[k]) if bpf.get(k) else "-",
              "%.1f" % med(life[k]) if k in life else "-"))
    b = med(bpf["bpftrace"])
    for k in ("dtrace-statname", "dtrace-edev"):
        print("%s / bpftrace: BPF time per firing %.2fx, start+stop %.2fx" %
              (k, med(bpf[k]) / b, med(life[k]) / med(life["bpftrace"])))


if __name__ == "__main__":
    main()
