/*
 * A char array in kernel memory is a string in D, but tracemem() takes it
 * as the array's address (dtrace's dt_node_is_pointer counts arrays):
 * BEGIN runs in dtrace, so curthread->comm is "dtrace".
 */
#pragma D option quiet

BEGIN
{
	tracemem(curthread->comm, 16);
	exit(0);
}
