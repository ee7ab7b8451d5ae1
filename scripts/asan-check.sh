#!/usr/bin/env bash
# asan-check.sh - build a copy of the tree with AddressSanitizer and
# UndefinedBehaviorSanitizer and run every test against it (`make asan`),
# or the unit tests and the D tests whose paths contain one of the
# arguments (asan-check.sh aggs/ json: `make asan-ci`, part of make check).
# A leak, an out-of-bounds access or undefined behaviour anywhere in the
# compiler or the consumer fails the test that provoked it.  The valgrind
# tests are skipped: valgrind cannot run a sanitized binary.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
dir=$(mktemp -d /tmp/dtrace-asan.XXXXXX)
trap 'rm -rf "$dir"' EXIT
(cd "$top" && git ls-files -z | xargs -0 cp --parents -t "$dir")
san="-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer"
make -C "$dir" -j"$(nproc)" all CFLAGS="$san" LDLIBS="-lbpf -ldw -lelf -lz -llzma -lZydis $san" >/dev/null
find "$dir/tests/d" -name 'tst.valgrind.sh' -delete
export ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
make -C "$dir" unit CFLAGS="$san" LDLIBS="-lbpf -ldw -lelf -lz -llzma -lZydis $san"
"$dir/tests/run-dtests.sh" "$@"
