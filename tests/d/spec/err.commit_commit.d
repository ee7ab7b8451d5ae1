/* one commit() per clause, even of disjoint speculations (as dtrace has it) */
BEGIN
{
	commit(1);
	commit(2);
}
