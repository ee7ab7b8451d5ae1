/* no aggregation after commit() */
BEGIN
{
	commit(1);
	@a["x"] = sum(1);
}
