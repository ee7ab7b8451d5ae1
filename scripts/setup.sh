#!/usr/bin/env bash
# setup.sh - install what building, testing and benchmarking need.
# clang and libclang-rt-14-dev (libFuzzer and the sanitizer runtimes,
# which clang-14 does not depend on) build the fuzz harnesses (make
# fuzz-build).  Idempotent: does nothing when every package is present.
# Needs root (apt-get) only when something is missing.  Also mounts tracefs.
set -euo pipefail

pkgs=(gcc make cpp linux-libc-dev libbpf-dev libelf-dev zlib1g-dev pkg-config bpftool python3 jq prometheus
      bpftrace systemtap-sdt-dev valgrind groff-base iproute2 liblzma-dev libc6-dbg xz-utils binutils
      libxml2-utils gdb chromium libdw-dev nodejs libzydis-dev
      postgresql python3.11 g++ clang libclang-rt-14-dev)
missing=()
for p in "${pkgs[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if ((${#missing[@]})); then
	echo "setup: installing ${missing[*]}"
	if [ "$(id -u)" -ne 0 ]; then
		echo "setup: run as root to install packages" >&2
		exit 1
	fi
	export DEBIAN_FRONTEND=noninteractive
	# wait for another apt (an unattended upgrade, a parallel set-up) rather than fail
	apt-get -o DPkg::Lock::Timeout=900 update -qq
	apt-get -o DPkg::Lock::Timeout=900 install -y -qq "${missing[@]}" >/dev/null
fi
if [ "$(id -u)" -eq 0 ] && ! mountpoint -q /sys/kernel/tracing 2>/dev/null; then
	mount -t tracefs nodev /sys/kernel/tracing 2>/dev/null || true
fi
# the io tests' loop devices (built in, or the loop module)
if [ "$(id -u)" -eq 0 ] && [ ! -e /dev/loop-control ]; then
	modprobe loop 2>/dev/null || true
fi
exit 0
