#!/bin/bash
# MiniDebugInfo, built as Fedora's find-debuginfo does: the functions
# .dynsym lacks kept in the .symtab of an ELF with nothing else, xz'd
# into the stripped executable's .gnu_debugdata section.  Its static
# functions print by name; the same stripped executable without the
# section prints addresses, and so do copies whose section is not xz,
# is cut short, or holds xz'd data that is not an ELF file.
. "$TESTDIR/ustack/common.bash"
build_debug prog
cd "$tmp" || exit 1
nm -D prog --format=posix --defined-only | awk '{ print $1 }' | sort >dynsyms
nm prog --format=posix --defined-only | awk '$2 == "T" || $2 == "t" { print $1 }' | sort >funcsyms
comm -13 dynsyms funcsyms >keep
grep -qx dbg_inner keep || { echo "keep list"; cat keep; exit 1; }
objcopy --only-keep-debug prog prog.debug &&
    objcopy -S --remove-section .gdb_index --remove-section .comment --keep-symbols=keep prog.debug mini &&
    xz -q mini && strip prog && cp prog bare &&
    objcopy --add-section .gnu_debugdata=mini.xz prog || exit 1
readelf -SW prog | grep -q '\.gnu_debugdata' || { echo "no .gnu_debugdata"; exit 1; }

ustack_of "$tmp/bare" chain
expect_bare bare
ustack_of "$tmp/prog" chain
expect_static prog

head -c 4096 /dev/urandom >junk
head -c $(($(stat -c %s mini.xz) / 2)) mini.xz >cut.xz
printf 'not an ELF file\n' | xz -q >text.xz
for bad in junk cut.xz text.xz; do
	cp bare bad && objcopy --add-section .gnu_debugdata="$bad" bad || exit 1
	ustack_of "$tmp/bad" chain
	expect_bare bad
done
exit 0
