#!/bin/bash
# psinfo.d's psinfo_t members pr_pgid, pr_sid, pr_start and pr_psargs for a
# known process, against what the kernel shows in /proc/PID/stat and
# /proc/PID/cmdline: the process group and session, the start time (since
# the epoch: /proc/stat's btime plus the stat start time in clock ticks,
# to the second), and the arguments joined by spaces, cut at 79
# characters (PRARGSZ 80 with its NUL); through curpsinfo-> and in a
# whole copy of *curpsinfo.  Another process's pr_psargs is its name.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/p.pl" <<'PEOF'
getppid();
open(my $s, '<', "/proc/self/stat") or die; my $st = <$s>; close($s);
$st =~ s/^.*\) //;
my @f = split(' ', $st);		# $f[0] is field 3 (state)
open(my $c, '<', "/proc/self/cmdline") or die; my $cmd = do { local $/; <$c> }; close($c);
$cmd =~ s/\0$//; $cmd =~ s/\0/ /g;
open(my $b, '<', "/proc/stat") or die;
my ($btime) = grep { s/^btime (\d+)\n/$1/ } <$b>; close($b);
my $hz = `getconf CLK_TCK`; chomp($hz);
open(my $o, '>', $ARGV[0]) or die;
printf $o "%d %d %d [%s]\n", $f[2], $f[3], $btime + int($f[19] / $hz), substr($cmd, 0, 79);
close($o);
PEOF
cat >"$tmp/t.d" <<'DEOF'
#pragma D option quiet
syscall::getppid:entry
/pid == $target/
{
	printf("%d %d %d [%s]\n", curpsinfo->pr_pgid, curpsinfo->pr_sid,
	    curpsinfo->pr_start.tv_sec, curpsinfo->pr_psargs);
	this->ps = *curpsinfo;
	printf("%d %d %d %d [%s]\n", this->ps.pr_pgid, this->ps.pr_sid,
	    this->ps.pr_start.tv_sec, this->ps.pr_start.tv_nsec < 1000000000,
	    this->ps.pr_psargs);
	printf("parent %s\n", xlate <psinfo_t *>(curthread->real_parent)->pr_psargs);
}
DEOF
fail=0
for args in "one two" "a-longer-argument-list 0123456789 0123456789 0123456789 0123456789 0123456789"; do
	"$DTRACE" -s "$tmp/t.d" -o "$tmp/dt" -c "perl $tmp/p.pl $tmp/want $args" >/dev/null 2>"$tmp/err"
	rc=$?
	[ $rc = 0 ] || { echo "exit status $rc"; cat "$tmp/err"; fail=1; continue; }
	read -r wpgid wsid wstart wargs <"$tmp/want"
	n=0
	while read -r pgid sid start rest; do
		[ -n "$pgid" ] || continue
		if [ "$pgid" = parent ]; then
			# another process's memory cannot be read: its name
			[ "$sid" = dtrace ] || { echo "parent's psargs: $sid $start $rest"; fail=1; }
			continue
		fi
		n=$((n + 1))
		args_seen=${rest#1 }
		if [ "$pgid $sid" != "$wpgid $wsid" ] || [ "$args_seen" != "$wargs" ] ||
		    [ $((start - wstart)) -lt -1 ] || [ $((start - wstart)) -gt 1 ]; then
			echo "got:  $pgid $sid $start $rest"; echo "want: $(cat "$tmp/want")"; fail=1
		fi
	done <"$tmp/dt"
	[ $n = 2 ] || { echo "$n lines of output:"; cat "$tmp/dt"; fail=1; }
	[ -n "$VERBOSE" ] && cat "$tmp/want" "$tmp/dt"
	rm -f "$tmp/dt"
done
exit $fail
