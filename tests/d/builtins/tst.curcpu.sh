#!/bin/bash
# curcpu describes the CPU the probe fires on: cpu_id is cpu, cpu_chip the
# CPU's physical package (also the chip variable), cpu_lgrp its NUMA node
# (also lgrp), cpu_pset 0.  Pinning dtrace with taskset fixes the CPU of
# BEGIN.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
ncpu=$(nproc)
for c in 0 $((ncpu - 1)); do
	pkg=$(cat /sys/devices/system/cpu/cpu$c/topology/physical_package_id 2>/dev/null || echo 0)
	node=0
	for n in /sys/devices/system/cpu/cpu$c/node*; do
		[ -e "$n" ] && node=${n##*node}
	done
	got=$(taskset -c $c "$DTRACE" -qn 'BEGIN {
		printf("%d %d %d %d %d %d %d\n", curcpu->cpu_id, curcpu->cpu_pset,
		    curcpu->cpu_chip, curcpu->cpu_lgrp, chip, lgrp, sizeof (cpuinfo_t));
		exit(0);
	}' 2>"$tmp/err") || { echo "dtrace failed: $(cat "$tmp/err")"; exit 1; }
	want="$c 0 $pkg $node $pkg $node 16"
	if [ "$(echo "$got" | head -n 1)" != "$want" ]; then
		echo "CPU $c: expected '$want', got '$got'"
		exit 1
	fi
done
exit 0
