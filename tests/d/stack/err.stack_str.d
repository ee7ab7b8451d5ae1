BEGIN
{
	stack("a");
}
