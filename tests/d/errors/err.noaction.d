/* In a script, a probe description must be followed by a predicate or actions. */
BEGIN
{
	exit(0);
}

END
