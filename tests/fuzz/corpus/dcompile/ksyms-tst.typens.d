/* Types scoped by namespace: D's own, C's, the kernel's (BTF). */
#pragma D option quiet

struct foo { int a; char b; };

BEGIN
{
	printf("%d %d %d %d\n", sizeof (D`int), sizeof (C`long), sizeof (vmlinux`u32),
	    sizeof (vmlinux`int));
	printf("%d %d\n", sizeof (struct D`foo), sizeof (struct foo));
	printf("%d %d\n", sizeof (struct vmlinux`task_struct) == sizeof (struct task_struct),
	    sizeof (vmlinux`struct task_struct) == sizeof (struct task_struct));
	printf("%d\n", (vmlinux`u8)257);
	printf("%d\n", ((struct vmlinux`task_struct *)curthread)->pid == pid);
	exit(0);
}
