/*
 * Without -q: a clause with only speculate() speculates the default action
 * (the probe line); clauses with only commit() or discard() record nothing.
 */
BEGIN
{
	self->spec = speculation();
	speculate(self->spec);
	trace(42);
}

BEGIN
{
	speculate(self->spec);
}

BEGIN
{
	commit(self->spec);
}

BEGIN
{
	discard(self->spec);
}

BEGIN
{
	exit(0);
}
