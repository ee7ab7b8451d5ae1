/* Not quiet: the probe line, then the symbol in its 50-column field. */
BEGIN
{
	func(&`ksys_read);
	exit(0);
}
