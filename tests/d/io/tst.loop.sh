#!/bin/bash
# io:::start and io:::done for the test's own direct I/O to a loop device
# it creates: 5 writes of 4 KiB at sectors 24, 32, ... 56, then 2 reads
# of 8 KiB at sectors 0 and 16; their bufinfo_t (B_WRITE / B_READ, not
# B_ASYNC: direct I/O is synchronous, byte count, block, device) and
# devinfo_t (loop, loopN, /dev/loopN, major 7, minor N) at start and at
# done (matched to a start of dd's by the request's address, arg0:
# completions run in interrupt context).
command -v losetup >/dev/null || { echo "losetup is missing (util-linux)"; exit 1; }
tmp=$(mktemp -d)
truncate -s 4M "$tmp/img" || exit 1
dev=$(losetup -f --show "$tmp/img") || { echo "cannot set up a loop device"; rm -rf "$tmp"; exit 1; }
trap 'losetup -d "$dev"; rm -rf "$tmp"' EXIT
name=${dev#/dev/}
minor=$((16#$(stat -c %T "$dev")))
cat >"$tmp/t.d" <<DEOF
#pragma D option quiet
io:::start
/progenyof(\$target) && args[1]->dev_statname == "$name"/
{
	started[arg0] = 1;
	printf("start %s %s %d %d async=%d blk=%d lblk=%d dev=%d,%d %d %d %s %s %s %s\n",
	    args[0]->b_flags & B_READ ? "R" : "-", args[0]->b_flags & B_WRITE ? "W" : "-",
	    args[0]->b_bcount, args[0]->b_bufsize, args[0]->b_flags & B_ASYNC ? 1 : 0,
	    args[0]->b_blkno, args[0]->b_lblkno, getmajor(args[0]->b_edev), getminor(args[0]->b_edev),
	    args[1]->dev_major, args[1]->dev_minor, args[1]->dev_name,
	    args[1]->dev_statname, args[1]->dev_pathname, args[2]->fi_name);
}
io:::done
/started[arg0]/
{
	started[arg0] = 0;
	@done[args[0]->b_flags & B_READ ? "R" : "-", args[0]->b_flags & B_WRITE ? "W" : "-",
	    args[0]->b_bcount, args[1]->dev_statname, args[0]->b_resid, args[0]->b_error] = count();
}
END
{
	printa("done %s %s %d %s resid=%d error=%d %@d\n", @done);
}
DEOF
cat >"$tmp/want" <<WEOF
start - W 4096 4096 async=0 blk=24 lblk=24 dev=7,$minor 7 $minor loop $name /dev/$name <none>
start - W 4096 4096 async=0 blk=32 lblk=32 dev=7,$minor 7 $minor loop $name /dev/$name <none>
start - W 4096 4096 async=0 blk=40 lblk=40 dev=7,$minor 7 $minor loop $name /dev/$name <none>
start - W 4096 4096 async=0 blk=48 lblk=48 dev=7,$minor 7 $minor loop $name /dev/$name <none>
start - W 4096 4096 async=0 blk=56 lblk=56 dev=7,$minor 7 $minor loop $name /dev/$name <none>
start R - 8192 8192 async=0 blk=0 lblk=0 dev=7,$minor 7 $minor loop $name /dev/$name <none>
start R - 8192 8192 async=0 blk=16 lblk=16 dev=7,$minor 7 $minor loop $name /dev/$name <none>
done R - 8192 $name resid=0 error=0 2
done - W 4096 $name resid=0 error=0 5
WEOF
cat >"$tmp/io.sh" <<SEOF
dd if=/dev/zero of=$dev bs=4k count=5 seek=3 oflag=direct status=none &&
exec dd if=$dev of=/dev/null bs=8k count=2 iflag=direct status=none
SEOF
"$DTRACE" -s "$tmp/t.d" -o "$tmp/out" -c "sh $tmp/io.sh" || exit 1
# the per-CPU buffers may interleave: the starts in the order of their blocks
{ grep '^start - W' "$tmp/out" | sort -t= -k3n; grep '^start R -' "$tmp/out" | sort -t= -k3n
  grep -v '^start' "$tmp/out" | grep -v '^$'; } >"$tmp/got"
diff "$tmp/want" "$tmp/got" || { cat "$tmp/out"; exit 1; }
