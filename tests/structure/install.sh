#!/usr/bin/env bash
# install.sh - make install and make uninstall into a temporary DESTDIR:
# install puts the command, the library (its SONAME links), the header,
# the D libraries, the man page and the .pc file under PREFIX; the
# installed command runs and names its version; a consumer builds
# against the installed library with pkg-config (and, as root, traces
# through it); uninstall removes exactly what install put there.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
dest=$(mktemp -d /tmp/dtrace-install.XXXXXX)
trap 'rm -rf "$dest"' EXIT
prefix=/opt/dtrace-test
fail=0
bad() { echo "install: $*"; fail=1; }

make -s -C "$top" install DESTDIR="$dest" PREFIX="$prefix" >"$dest.log" 2>&1 ||
	{ cat "$dest.log"; rm -f "$dest.log"; echo "install: make install failed"; exit 1; }
rm -f "$dest.log"
root=$dest$prefix
version=$(cat "$top/VERSION")
for f in sbin/dtrace include/dtrace.h lib/libdtrace.so lib/libdtrace.so.0 \
    "lib/libdtrace.so.$version" lib/pkgconfig/libdtrace.pc share/man/man1/dtrace.1 \
    lib/dtrace/psinfo.d lib/dtrace/procfs.d lib/dtrace/unistd.d lib/dtrace/errno.d lib/dtrace/signal.d \
    lib/dtrace/regs.d; do
	[ -e "$root/$f" ] || bad "missing $prefix/$f"
done
# the installed command finds its library and its D libraries
v=$("$root/sbin/dtrace" -V 2>&1)
[ "$v" = "dtrace: Sun D 1.13 (dtrace-ebpf $version)" ] || bad "dtrace -V printed '$v'"
"$root/sbin/dtrace" -e -n 'BEGIN { trace(curpsinfo->pr_pid); }' >/dev/null 2>&1 ||
	bad "the installed dtrace does not find its D libraries (curpsinfo)"
"$root/sbin/dtrace" -e -n 'BEGIN { trace(ESRCH + SIGKILL + R_RAX); }' >/dev/null 2>&1 ||
	bad "the installed dtrace does not find its generated D libraries (ESRCH, SIGKILL, R_RAX)"
if [ "$(id -u)" = 0 ]; then
	v=$("$root/sbin/dtrace" -qn 'BEGIN { printf("%d %d %d\n", ESRCH, SIGKILL, R_RAX); exit(0); }' 2>&1)
	[ "$v" = "3 9 10" ] || bad "the installed generated D libraries (ESRCH, SIGKILL, R_RAX): '$v'"
fi
grep -q "Version: $version" "$root/lib/pkgconfig/libdtrace.pc" || bad "the .pc has another version"
grep -q "dtrace-ebpf $version" "$root/share/man/man1/dtrace.1" || bad "the man page has another version"
if command -v groff >/dev/null; then
	w=$(groff -man -ww -z "$root/share/man/man1/dtrace.1" 2>&1)
	[ -z "$w" ] || bad "the man page: $w"
fi
# a consumer built with pkg-config against what was installed
export PKG_CONFIG_PATH=$root/lib/pkgconfig PKG_CONFIG_SYSROOT_DIR=$dest
flags=$(pkg-config --cflags --libs libdtrace) || bad "pkg-config does not know libdtrace"
cc -std=c11 -Wall -Wextra -Werror -D_GNU_SOURCE -o "$dest/consumer" "$top/tests/structure/consumer.c" \
    $flags "-Wl,-rpath,$root/lib" || bad "the consumer does not build against the installed library"
if [ "$(id -u)" = 0 ] && [ -x "$dest/consumer" ]; then
	(cd "$dest" && ./consumer) || bad "the consumer's trace went wrong"
fi
rm -f "$dest/consumer"
# uninstall leaves nothing behind
make -s -C "$top" uninstall DESTDIR="$dest" PREFIX="$prefix" >/dev/null 2>&1 || bad "make uninstall failed"
left=$(cd "$dest" && find . ! -type d | sort)
[ -z "$left" ] || bad "uninstall left: $left"
[ $fail = 0 ] && echo "install: make install and uninstall into a DESTDIR (PREFIX=$prefix), a pkg-config consumer traced"
exit $fail
