/* ipl has no Linux equivalent: a compile error says why. */
BEGIN
{
	trace(ipl);
}
