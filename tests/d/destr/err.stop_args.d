BEGIN
{
	stop(1);
}
