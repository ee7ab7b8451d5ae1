/* aggregations may never be speculative */
BEGIN
{
	speculate(1);
	@a = count();
}
