#!/bin/bash
# io:::start's fileinfo_t (args[2]): the test makes an ext2 filesystem
# on a loop device of its own, mounts it, and writes 3 blocks to a file
# through the page cache then flushes them (dd conv=fsync): those writes
# name the file (fi_name, fi_dirname, fi_pathname as mounted, fi_fs,
# fi_mount; offset unknown: -1); direct writes to the device itself are
# associated with no file ("<none>").
command -v mkfs.ext2 >/dev/null || { echo "mkfs.ext2 is missing (e2fsprogs)"; exit 1; }
tmp=$(mktemp -d)
truncate -s 8M "$tmp/img" || exit 1
dev=$(losetup -f --show "$tmp/img") || { echo "cannot set up a loop device"; rm -rf "$tmp"; exit 1; }
mkdir "$tmp/mnt"
trap 'umount "$tmp/mnt" 2>/dev/null; losetup -d "$dev"; rm -rf "$tmp"' EXIT
name=${dev#/dev/}
mkfs.ext2 -q -b 4096 "$dev" || exit 1
mount -t ext2 "$dev" "$tmp/mnt" || exit 1
mkdir "$tmp/mnt/dir"
sync
cat >"$tmp/t.d" <<DEOF
#pragma D option quiet
io:::start
/args[1]->dev_statname == "$name" && args[0]->b_flags & B_WRITE/
{
	printf("%s|%s|%s|%s|%s|%d %d\n", args[2]->fi_name, args[2]->fi_dirname,
	    args[2]->fi_pathname, args[2]->fi_fs, args[2]->fi_mount, args[2]->fi_offset,
	    args[0]->b_bcount);
}
DEOF
cat >"$tmp/io.sh" <<SEOF
dd if=/dev/zero of=$tmp/mnt/dir/data bs=4k count=3 conv=fsync status=none &&
exec dd if=/dev/zero of=$dev bs=4k count=2 seek=2000 oflag=direct status=none
SEOF
"$DTRACE" -s "$tmp/t.d" -o "$tmp/out" -c "sh $tmp/io.sh" || exit 1
m=$tmp/mnt
# bytes per file (the flush may take one request or several)
awk '$0 != "" { n[$1] += $2 } END { for (f in n) print f, n[f] }' "$tmp/out" >"$tmp/sum"
grep -q "^data|$m/dir|$m/dir/data|ext2|$m|-1 12288\$" "$tmp/sum" &&
grep -q "^<none>|<none>|<none>|<none>|<none>|-1 [0-9]*\$" "$tmp/sum" &&
! grep -v "^data|\|^<none>|" "$tmp/sum" || { cat "$tmp/out"; exit 1; }
