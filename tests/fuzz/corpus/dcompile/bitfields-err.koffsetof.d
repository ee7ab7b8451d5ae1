/* Nor to a bit-field of a kernel struct. */
BEGIN
{
	trace(offsetof(struct task_struct, in_execve));
}
