#!/usr/bin/env bash
# tst.kernel.sh - the kernel facts the prefault companion rests on, and
# the companion libdtrace generates (uprobe_kernel.c): a non-sleepable
# read of a fresh page fails, a sleepable companion attached after the
# probe's program runs first (uprobe perf events and multi-uprobe links)
# and makes it read, the verifier refuses a sleepable program that writes
# to a perf event array.  Linked with the build's objects (sanitized ones
# under make asan).
set -u
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
top=$TESTDIR/../..
objs=$(ls "$top"/build/lib/*.o "$top"/build/lib/*/*.o)
san=
if nm "$top/build/lib/rt/load.o" | grep -q __asan; then
	san="-fsanitize=address,undefined"
fi
libs=$(sed -n 's/^LDLIBS *:= *//p' "$top/Makefile")	# the library's own
cc -std=gnu11 -O0 -g $san -Wall -Wextra -Werror -D_GNU_SOURCE -I"$top/include" \
	-I"$top/build/gen" -I"$top/lib" -o "$tmp/uprobe_kernel" \
	"$TESTDIR/prefault/uprobe_kernel.c" $objs $libs ||
	{ echo "cannot build uprobe_kernel"; exit 1; }
"$tmp/uprobe_kernel"
