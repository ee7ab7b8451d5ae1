/* Kernel symbols are not writable by ++ either. */
BEGIN
{
	`schedule++;
}
