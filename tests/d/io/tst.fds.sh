#!/bin/bash
# fds[] of the current process: a program (progs/io_fds.c) opens a file
# of the test's on fds 3 (write-only, appending, 123 bytes written) and 7
# (read-only at offset 7) and /dev/null on fd 4, with fds 5 and 6 closed;
# at its getppid() each fileinfo_t member of fds[3..7] is what the kernel
# says (flags and offsets from fcntl/lseek, filesystems and mount points
# from findmnt); a closed or out-of-range descriptor is "<none>", -1.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$TESTDIR/progs/build.bash"
build_prog io_fds
file="$tmp/data.out"
cat >"$tmp/t.d" <<'DEOF'
#pragma D option quiet
syscall::getppid:entry
/pid == $target/
{
	printf("3 %s|%s|%s|%d|%s|%s|%x\n", fds[3].fi_name, fds[3].fi_dirname,
	    fds[3].fi_pathname, fds[3].fi_offset, fds[3].fi_fs, fds[3].fi_mount, fds[3].fi_oflags);
	this->fd = 4;
	printf("4 %s|%s|%s|%d|%s|%s|%x\n", fds[this->fd].fi_name, fds[this->fd].fi_dirname,
	    fds[this->fd].fi_pathname, fds[this->fd].fi_offset, fds[this->fd].fi_fs,
	    fds[this->fd].fi_mount, fds[this->fd].fi_oflags);
	this->fd++;
	printf("5 %s|%s|%s|%d|%s|%s|%x\n", fds[this->fd].fi_name, fds[this->fd].fi_dirname,
	    fds[this->fd].fi_pathname, fds[this->fd].fi_offset, fds[this->fd].fi_fs,
	    fds[this->fd].fi_mount, fds[this->fd].fi_oflags);
	printf("6 %s|%s|%s|%d|%s|%s|%x\n", fds[6].fi_name, fds[6].fi_dirname,
	    fds[6].fi_pathname, fds[6].fi_offset, fds[6].fi_fs, fds[6].fi_mount, fds[6].fi_oflags);
	printf("7 %s|%s|%s|%d|%s|%s|%x\n", fds[7].fi_name, fds[7].fi_dirname,
	    fds[7].fi_pathname, fds[7].fi_offset, fds[7].fi_fs, fds[7].fi_mount, fds[7].fi_oflags);
	printf("%s %d %s %s\n", fds[1 << 20].fi_name, fds[1 << 20].fi_offset,
	    fds[-1].fi_pathname, fds[-1].fi_fs);
}
DEOF
"$DTRACE" -s "$tmp/t.d" -o "$tmp/got" -c "$tmp/io_fds $file $tmp/kern" || exit 1
fs() { findmnt -n -o FSTYPE --target "$1"; }
mnt() { findmnt -n -o TARGET --target "$1"; }
{
	while read -r fd off fl; do
		case $fd in
		3|7) p=$file ;;
		4) p=/dev/null ;;
		*) echo "$fd <none>|<none>|<none>|-1|<none>|<none>|0"; continue ;;
		esac
		echo "$fd ${p##*/}|${p%/*}|$p|$off|$(fs "$p")|$(mnt "$p")|$fl"
	done <"$tmp/kern"
	echo "<none> -1 <none> <none>"
} >"$tmp/want"
grep -v "^$" "$tmp/got" | diff "$tmp/want" -
