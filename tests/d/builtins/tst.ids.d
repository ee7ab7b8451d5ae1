/*
 * cpu is 0 (the test runner pins dtrace to CPU 0), uid and gid are those
 * of root, errno is 0 and curthread is a non-NULL address.
 */
#pragma D option quiet

BEGIN
{
	printf("cpu %d uid %d gid %d errno %d\n", cpu, uid, gid, errno);
	printf("curthread %d\n", (uint64_t)curthread != 0);
	exit(0);
}
