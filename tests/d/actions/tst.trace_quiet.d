/*
 * In quiet mode trace() prints just the value: integers signed or
 * unsigned as their D type, strings as they are.
 */
#pragma D option quiet

BEGIN
{
	trace((char)-1);
	trace(" ");
	trace((short)-1);
	trace(" ");
	trace(-1);
	trace(" ");
	trace(-1LL);
	trace(" ");
	trace((uint32_t)-1);
	trace(" ");
	trace((uint64_t)-1);
	trace("\n");
	exit(0);
}
