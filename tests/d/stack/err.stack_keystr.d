BEGIN
{
	@[stack("a")] = count();
}
