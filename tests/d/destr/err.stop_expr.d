BEGIN
{
	x = stop();
}
