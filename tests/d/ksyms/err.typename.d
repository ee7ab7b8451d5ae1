/* A kernel struct BTF does not have. */
BEGIN
{
	trace(sizeof (struct vmlinux`no_such_struct));
}
