/*
 * Under the fill policy the space END's records need is reserved in every
 * buffer; a script whose END enablings need more than the whole buffer is
 * refused before tracing starts.
 */
#pragma D option bufpolicy=fill
#pragma D option bufsize=32
#pragma D option strsize=64

BEGIN
{
	exit(0);
}

END
{
	trace(execname);
}
