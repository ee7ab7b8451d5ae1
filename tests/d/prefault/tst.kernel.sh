#!/usr/bin/env bash
# tst.kernel.sh - the kernel facts the prefault companion rests on
# (uprobe_kernel.c): a non-sleepable read of a fresh page fails, a
# sleepable companion attached after the probe's program runs first
# (uprobe perf events and multi-uprobe links) and makes it read, and the
# verifier refuses a sleepable program that writes to a perf event array.
set -u
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
top=$TESTDIR/../..
cc -O0 -Wall -Wextra -Werror -I"$top/lib" -o "$tmp/uprobe_kernel" \
	"$TESTDIR/prefault/uprobe_kernel.c" -lbpf || { echo "cannot build uprobe_kernel"; exit 1; }
"$tmp/uprobe_kernel"
