/*
 * Only the members used are computed: a member whose expression faults
 * costs nothing until a clause uses it.
 */
#pragma D option quiet

struct out {
	int good;
	int bad;
};

translator struct out < struct task_struct *T > {
	good = T->tgid == pid;
	bad = *(int *)8;
};

BEGIN
{
	printf("good %d\n", xlate <struct out *>(curthread)->good);
}

BEGIN
{
	printf("bad %d\n", xlate <struct out *>(curthread)->bad);
}

BEGIN
{
	exit(0);
}

ERROR
{
	printf("fault %d\n", arg4);
}
