BEGIN
{
	raise("SIGUSR1");
}
