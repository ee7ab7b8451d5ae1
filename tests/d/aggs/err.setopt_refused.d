/*
 * setopt() of an option that cannot change while tracing, of an unknown
 * option, of a compile-time option (setopt("name") passes "1", which
 * aggpercpu refuses) and of a bad value: dtrace's library error on the
 * enabled probe, an empty line after it, and tracing goes on.
 */
#pragma D option quiet

BEGIN
{
	setopt("bufsize", "1m");
	setopt("wombats");
	setopt("aggpercpu");
	setopt("aggsortkey", "maybe");
	setopt("aggrate", "1xs");
	printf("still tracing\n");
	exit(0);
}
