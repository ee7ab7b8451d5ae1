/* Kernel structs can be named in sizeof, offsetof and casts; members are safe loads. */
#pragma D option quiet
BEGIN
{
	printf("%d\n", sizeof (struct task_struct) > 1000);
	printf("%d\n", offsetof(struct task_struct, tgid) > offsetof(struct task_struct, pid) - 1);
}

BEGIN
{
	x = ((struct file *)0)->f_flags;
}

ERROR
{
	printf("fault %d at %d\n", arg4, arg5 > 0);
	exit(0);
}
