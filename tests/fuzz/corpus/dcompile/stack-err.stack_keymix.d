BEGIN
{
	@a[stack()] = count();
	@a[1] = count();
}
