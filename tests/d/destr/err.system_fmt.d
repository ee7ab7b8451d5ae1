BEGIN
{
	system(execname);
}
