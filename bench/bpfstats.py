"""bpfstats.py - the kernel's run statistics of the BPF programs a process
holds, shared by the benchmarks that measure probe cost per firing.

fdinfo shows run_cnt and run_time_ns while kernel.bpf_stats_enabled is 1.
"""
import os


def prog_stats(pid):
    """(run_cnt, run_time_ns) of the busiest BPF program process pid holds"""
    best = (0, 0)
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            info = open(f"/proc/{pid}/fdinfo/{fd}").read()
        except OSError:
            continue
        if "prog_type:" not in info:
            continue
        f = dict(l.split(":", 1) for l in info.splitlines() if ":" in l)
        cnt, ns = int(f.get("run_cnt", "0")), int(f.get("run_time_ns", "0"))
        if cnt > best[0]:
            best = (cnt, ns)
    return best
