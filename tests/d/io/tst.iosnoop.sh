#!/bin/bash
# The Guide's io examples as published: iosnoop.d (one line per I/O
# started: device, file, R or W) and iotime.d (the time from start to
# done, matched by device and block), run while the test writes 3 blocks
# and reads 1 with direct I/O to a loop device it creates.  Other disks'
# I/O may show too: only the loop device's lines are compared.
tmp=$(mktemp -d)
truncate -s 1M "$tmp/img" || exit 1
dev=$(losetup -f --show "$tmp/img") || { echo "cannot set up a loop device"; rm -rf "$tmp"; exit 1; }
trap 'losetup -d "$dev"; rm -rf "$tmp"' EXIT
name=${dev#/dev/}
cat >"$tmp/iosnoop.d" <<'DEOF'
#pragma D option quiet

BEGIN
{
	printf("%10s %58s %2s\n", "DEVICE", "FILE", "RW");
}

io:::start
{
	printf("%10s %58s %2s\n", args[1]->dev_statname,
	    args[2]->fi_pathname, args[0]->b_flags & B_READ ? "R" : "W");
}
DEOF
cat >"$tmp/iotime.d" <<'DEOF'
#pragma D option quiet

BEGIN
{
	printf("%10s %58s %2s %7s\n", "DEVICE", "FILE", "RW", "MS");
}

io:::start
{
	start[args[0]->b_edev, args[0]->b_blkno] = timestamp;
}

io:::done
/start[args[0]->b_edev, args[0]->b_blkno]/
{
	this->elapsed = timestamp - start[args[0]->b_edev, args[0]->b_blkno];
	printf("%10s %58s %2s %3d.%03d\n", args[1]->dev_statname,
	    args[2]->fi_pathname, args[0]->b_flags & B_READ ? "R" : "W",
	    this->elapsed / 1000000, (this->elapsed / 1000) % 1000);
	start[args[0]->b_edev, args[0]->b_blkno] = 0;
}
DEOF
cat >"$tmp/io.sh" <<SEOF
dd if=/dev/zero of=$dev bs=4k count=3 oflag=direct status=none &&
exec dd if=$dev of=/dev/null bs=4k count=1 iflag=direct status=none
SEOF
fail=0
for s in iosnoop iotime; do
	"$DTRACE" -s "$tmp/$s.d" -o "$tmp/$s.out" -c "sh $tmp/io.sh" || exit 1
	got=$(head -1 "$tmp/$s.out"; grep "^ *$name " "$tmp/$s.out" | sed 's/ [ 0-9][ 0-9][0-9]\.[0-9][0-9][0-9]$/ T/' | sort -k3r)
	want=$(printf '%10s %58s %2s' DEVICE FILE RW; [ $s = iotime ] && printf ' %7s' MS; echo
	    for rw in W W W R; do printf '%10s %58s %2s' "$name" "<none>" $rw; [ $s = iotime ] && printf ' T'; echo; done)
	[ "$got" = "$want" ] || { echo "$s: got"; echo "$got"; echo "want"; echo "$want"; fail=1; }
done
exit $fail
