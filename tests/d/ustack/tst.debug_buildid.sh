#!/bin/bash
# A stripped executable whose debug file (objcopy --only-keep-debug) is
# installed under /usr/lib/debug/.build-id/xx/yyyy.debug, named by its
# build-id: its static functions print by name (the debug file's
# .symtab, placed by the executable's own PT_LOAD segments); without
# the debug file they are addresses, and so with another build's debug
# file in its place (its build-id is not the executable's).
. "$TESTDIR/ustack/common.bash"
build_debug prog
id=$(readelf -n "$tmp/prog" | sed -n 's/^ *Build ID: *//p')
[ ${#id} -ge 4 ] || { echo "no build-id"; exit 1; }
dir=/usr/lib/debug/.build-id/${id:0:2}
file=$dir/${id:2}.debug
[ ! -e "$file" ] || { echo "$file exists"; exit 1; }
objcopy --only-keep-debug "$tmp/prog" "$tmp/prog.debug" && strip "$tmp/prog" || exit 1

ustack_of "$tmp/prog" chain
expect_bare prog

made=
[ -d "$dir" ] || made=1
trap 'rm -f "$file"; [ -z "$made" ] || rmdir "$dir" 2>/dev/null; rm -rf "$tmp"' EXIT
mkdir -p "$dir" && cp "$tmp/prog.debug" "$file" || exit 1
ustack_of "$tmp/prog" chain
expect_static prog

cc -g -fno-omit-frame-pointer -O1 -o "$tmp/other" "$TESTDIR/progs/ustack_debug.c" &&
    objcopy --only-keep-debug "$tmp/other" "$file" || exit 1
ustack_of "$tmp/prog" chain
expect_bare prog
exit 0
