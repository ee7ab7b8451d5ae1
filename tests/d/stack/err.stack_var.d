BEGIN
{
	stack(arg0);
}
