#!/bin/bash
# Debian's libc.so.6 is stripped to its .dynsym; libc6-dbg installs its
# debug file by build-id.  A qsort() callback's caller is libc's static
# msort_with_tmp, named only in that debug file.
. "$TESTDIR/ustack/common.bash"
libc=$(ldd /bin/true | sed -n 's/.*libc\.so\.6 => \([^ ]*\).*/\1/p')
id=$(readelf -n "$libc" | sed -n 's/^ *Build ID: *//p')
[ -f "/usr/lib/debug/.build-id/${id:0:2}/${id:2}.debug" ] || { echo "no debug file for $libc (libc6-dbg)"; exit 1; }
readelf -SW "$libc" | grep -q ' \.symtab ' && { echo "$libc is not stripped"; exit 1; }
build_debug prog
ustack_of "$tmp/prog" qsort
grep -q '^              prog`dbg_cmp+0x[0-9a-f]*$' "$tmp/out" || { echo "no callback"; cat "$tmp/out"; exit 1; }
grep -q '^              libc\.so\.6`msort_with_tmp[.a-z0-9]*+0x[0-9a-f]*$' "$tmp/out" ||
    { echo "no msort_with_tmp"; cat "$tmp/out"; exit 1; }
exit 0
