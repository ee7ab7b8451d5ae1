# inet_write.pl FILE: the workload of the inet_* tests (run with -c).
# Every line of FILE of the form " * @ ADDRESS" names an address as hex
# bytes, optionally grouped with ':' or '.' (fe80:0000:...:76c8,
# 7f.00.00.01); each is written to /dev/null in one write(2) of its bytes,
# in order, for the test's syscall::write:entry clause to copy in.
use strict;
use warnings;
open(my $in, '<', $ARGV[0]) or die "$ARGV[0]: $!";
open(my $out, '>', '/dev/null') or die "/dev/null: $!";
while (<$in>) {
	next unless /^\s*\*\s*@\s*([0-9a-fA-F:.]+)/;
	(my $hex = $1) =~ s/[:.]//g;
	syswrite($out, pack('H*', $hex)) == length($hex) / 2 or die "write: $!";
}
