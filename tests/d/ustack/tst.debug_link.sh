#!/bin/bash
# A stripped executable with a .gnu_debuglink (objcopy
# --add-gnu-debuglink): its debug file is found next to it and in its
# .debug/ subdirectory, as gdb looks; a debug file whose CRC-32 is not
# the one the link records is not used (addresses, not names).
. "$TESTDIR/ustack/common.bash"
build_debug prog
objcopy --only-keep-debug "$tmp/prog" "$tmp/prog.debug" && strip "$tmp/prog" &&
    objcopy --add-gnu-debuglink="$tmp/prog.debug" "$tmp/prog" || exit 1

ustack_of "$tmp/prog" chain
expect_static prog

mkdir "$tmp/.debug" && mv "$tmp/prog.debug" "$tmp/.debug/" || exit 1
ustack_of "$tmp/prog" chain
expect_static prog

# one byte more: still an ELF file with the .symtab, but not the one linked
printf '\0' >>"$tmp/.debug/prog.debug"
ustack_of "$tmp/prog" chain
expect_bare prog
exit 0
